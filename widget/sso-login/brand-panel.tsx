// Logo, title, subtitle and the two slogans of the brand variant.
import type { Brand } from '../brands/index.ts';

export function BrandPanel({ brand }: { brand: Brand }) {
  const { Logo } = brand;
  return (
    <section className="sso-brand" aria-label={brand.title} data-brand={brand.code} part="brand">
      <Logo className="sso-brand__logo" />
      <h1 className="sso-brand__title">{brand.title}</h1>
      <p className="sso-brand__subtitle">{brand.subtitle}</p>
      <ul className="sso-brand__slogans">
        <li>{brand.slogans[0]}</li>
        <li>{brand.slogans[1]}</li>
      </ul>
    </section>
  );
}

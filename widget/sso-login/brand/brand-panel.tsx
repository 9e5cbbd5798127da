// Logo, title, subtitle and the two slogans of the brand variant. Until the page knows its brand
// (no group config yet, nothing cached) a neutral skeleton stands in: no other brand flashes.
// The logo is the group theme's logoUrl when there is one, else the brand's built-in mark.
import { useState } from 'react';
import type { Brand } from '../../brands/index.ts';
import { BRAND_LOADING, logoAlt } from './brand.messages.ts';

interface BrandPanelProps {
  brand: Brand;
  logoUrl?: string | null;
  /** The brand is not known yet: the skeleton. */
  pending?: boolean;
}

export function BrandPanel({ brand, logoUrl = null, pending = false }: BrandPanelProps) {
  if (pending) {
    return (
      <section className="sso-brand sso-brand--pending" aria-label={BRAND_LOADING} aria-busy="true" data-brand="pending" part="brand">
        <div className="sso-skeleton sso-brand__logo" />
        <div className="sso-skeleton sso-brand__skeleton-title" />
        <div className="sso-skeleton sso-brand__skeleton-line" />
      </section>
    );
  }
  return (
    <section className="sso-brand" aria-label={brand.title} data-brand={brand.code} part="brand">
      <BrandLogo brand={brand} logoUrl={logoUrl} />
      <h1 className="sso-brand__title">{brand.title}</h1>
      <p className="sso-brand__subtitle">{brand.subtitle}</p>
      <ul className="sso-brand__slogans">
        <li>{brand.slogans[0]}</li>
        <li>{brand.slogans[1]}</li>
      </ul>
    </section>
  );
}

function BrandLogo({ brand, logoUrl }: { brand: Brand; logoUrl: string | null }) {
  // A logo that does not load falls back to the built-in mark, not a broken image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const { Logo } = brand;
  if (!logoUrl || failedUrl === logoUrl) return <Logo className="sso-brand__logo" />;
  return <img className="sso-brand__logo" src={logoUrl} alt={logoAlt(brand.title)} width={64} height={64} onError={() => setFailedUrl(logoUrl)} />;
}

// The markup of the first paint (first-paint.ts): the password view as the React view draws it in
// its first frame (sso-login.tsx, login-box.tsx, password-form.tsx, brand-panel.tsx while the brand
// is pending, login-footer.tsx), with the same class names, so the same rules style both. Plain DOM
// calls: smaller than a template library for one static form. The inputs carry the name,
// autocomplete and aria-label the React view's light inputs have: LightField adopts them. The
// portal's first HTML is this markup too, written out at build time (first-paint-html.ts runs these
// functions against a small stand-in of `document`).
import { COPYRIGHT, DEALER_HELP_LINE, FILING_RECORD, FILING_RECORD_URL, MOBILE_LOGIN, PASSWORD_LABEL, PASSWORD_LOGIN, REGISTER, SIGN_IN, USERNAME_LABEL } from '../sso-login.messages.ts';
import { FORGOT_PASSWORD } from '../forgot-password/forgot-password.messages.ts';
import { LOGIN_METHODS } from '../sso-login.messages.ts';
import { BRAND_LOADING, logoAlt } from '../brand/brand.messages.ts';
import type { BrandCopy } from '../../brands/brand.ts';

/** The brand the panel shows (a look was cached), or null: the skeleton of a brand not known yet. */
export interface FirstPaintBrand {
  copy: BrandCopy;
  /** The group theme's logo; without one, a placeholder of the built-in mark's size (an SVG React draws). */
  logoUrl: string | null;
}

type Child = Node | string;

function element(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const linkButton = (text: string, extraClass = '') =>
  element('button', { type: 'button', class: `sso-button sso-button--link${extraClass}` }, text);

/** A field: the visible label (for= the input, whose id LightField drops) and the input. */
function field(idPrefix: string, label: string, input: Record<string, string>): HTMLElement {
  const id = `${idPrefix}-${input.name}`;
  return element(
    'div',
    { class: 'sso-field' },
    element('label', { class: 'sso-label', for: id }, label),
    element('input', { ...input, id, class: 'sso-input', 'aria-label': label, 'data-sso-credential': input.name ?? '' }),
  );
}

/** The brand panel as BrandPanel draws it (brand-panel.tsx). */
export function brandPanel(brand: FirstPaintBrand | null): HTMLElement {
  if (!brand) {
    return element(
      'section',
      { class: 'sso-brand sso-brand--pending', 'aria-label': BRAND_LOADING, 'aria-busy': 'true' },
      element('div', { class: 'sso-skeleton sso-brand__logo' }),
      element('div', { class: 'sso-skeleton sso-brand__skeleton-title' }),
      element('div', { class: 'sso-skeleton sso-brand__skeleton-line' }),
    );
  }
  const { copy, logoUrl } = brand;
  const logo = logoUrl
    ? element('img', { class: 'sso-brand__logo', src: logoUrl, alt: logoAlt(copy.title), width: '64', height: '64' })
    : // Inline-block like the inline <svg> it stands for, so the line box is the same height.
      element('span', { class: 'sso-brand__logo', 'data-logo-placeholder': '' });
  return element(
    'section',
    { class: 'sso-brand', 'aria-label': copy.title },
    logo,
    element('h1', { class: 'sso-brand__title' }, copy.title),
    element('p', { class: 'sso-brand__subtitle' }, copy.subtitle),
    element('ul', { class: 'sso-brand__slogans' }, element('li', {}, copy.slogans[0]), element('li', {}, copy.slogans[1])),
  );
}

/**
 * The whole password view. `idPrefix` keeps the ids of two elements on one page apart; the form is
 * a real <form> (password managers group its fields; Enter submits it).
 */
export function firstPaintMarkup(idPrefix: string, brand: FirstPaintBrand | null): { view: HTMLElement; form: HTMLFormElement } {
  const form = element(
    'form',
    { class: 'sso-form', method: 'post', novalidate: '' },
    field(idPrefix, USERNAME_LABEL, { name: 'name', type: 'text', autocomplete: 'username webauthn', autocapitalize: 'none', spellcheck: 'false' }),
    field(idPrefix, PASSWORD_LABEL, { name: 'pwd', type: 'password', autocomplete: 'current-password' }),
    element('div', { class: 'sso-form__aside' }, linkButton(FORGOT_PASSWORD, ' sso-forgot-link')),
    element('p', { class: 'sso-form-error', 'data-empty': 'true' }),
    element('button', { type: 'submit', class: 'sso-button sso-button--primary sso-button--block' }, SIGN_IN),
  ) as HTMLFormElement;
  const view = element(
    'div',
    { class: 'sso-login', 'data-look': brand ? 'ready' : 'pending' },
    element('div', { class: 'sso-carousel' }, element('div', { class: 'sso-carousel__default' })),
    element(
      'div',
      { class: 'sso-login__layout' },
      brandPanel(brand),
      element(
        'section',
        { class: 'sso-box', 'aria-label': PASSWORD_LOGIN, 'data-view': 'password' },
        element('header', { class: 'sso-box__header' }, element('h2', { class: 'sso-box__title' }, PASSWORD_LOGIN)),
        element('div', { class: 'sso-box__body' }, form),
        element('nav', { class: 'sso-box__links', 'aria-label': LOGIN_METHODS }, linkButton(MOBILE_LOGIN), linkButton(REGISTER)),
        element(
          'footer',
          { class: 'sso-footer' },
          element('p', { class: 'sso-footer__help' }, DEALER_HELP_LINE),
          element(
            'p',
            { class: 'sso-footer__legal' },
            element('span', {}, COPYRIGHT),
            ' ',
            element('a', { href: FILING_RECORD_URL, target: '_blank', rel: 'noopener noreferrer' }, FILING_RECORD),
          ),
        ),
      ),
    ),
  );
  return { view, form };
}

// The portal's login form in its first HTML (widget/sso-login/first-paint/first-paint-html.ts): the
// HTML and the stylesheet written at build time from the loader's own markup and sheet, a form that
// cannot submit before a script is there, the loader leaving it alone (no second form) and the
// portal's entry taking it over (first-paint-adopt.ts). The React takeover of a first-paint
// container is first-paint.test.ts's; the HTML as the Node build writes it, and the whole page with
// its scripts held back, test/e2e/first-html.test.ts's.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { firstPaintCss, firstPaintElementHtml } from '../../../../widget/sso-login/first-paint/first-paint-html.ts';
import { startFirstPaint } from '../../../../widget/sso-login/first-paint/first-paint.ts';
import { adoptSentFirstPaint } from '../../../../widget/sso-login/first-paint/first-paint-adopt.ts';
import { adoptFirstPaintSheet, lookAttributeFor } from '../../../../widget/sso-login/first-paint/first-paint-styles.ts';
import { firstPaintMarkup } from '../../../../widget/sso-login/first-paint/first-paint-markup.ts';
import { brandCacheKey, storeLook } from '../../../../widget/sso-login/brand/brand-look.ts';
import { BRAND_COPY } from '../../../../widget/brands/brand-copy.ts';

/** Every rule's text as the CSSOM writes it, @media blocks walked into. */
function ruleTexts(rules: CSSRuleList): string[] {
  return Array.from(rules).flatMap((rule) => (rule instanceof CSSMediaRule ? [rule.conditionText, ...ruleTexts(rule.cssRules)] : [rule.cssText]));
}

/** A submit listener on `form` that counts and stops a submission (a navigation would end the test run). */
function countSubmits(form: HTMLFormElement): () => number {
  let count = 0;
  form.addEventListener('submit', (event) => {
    count += 1;
    event.preventDefault();
  });
  return () => count;
}

function sentElement(attributes = ''): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', firstPaintElementHtml().replace('<sso-login>', `<sso-login${attributes}>`));
  return document.body.lastElementChild as HTMLElement;
}

describe('<sso-login> first paint in the first HTML', () => {
  const cacheKey = brandCacheKey(window.location.hostname, null);
  const linked = new CSSStyleSheet();
  let element: HTMLElement;

  before(() => {
    // The rules the portal inlines in its first HTML (built from the same function), here adopted instead.
    linked.replaceSync(firstPaintCss());
    document.adoptedStyleSheets = [linked];
    const icar = BRAND_COPY.icar;
    storeLook(cacheKey, { code: 'icar', name: icar.title, theme: icar.theme, imageList: [], cycleTime: 5 });
  });

  after(() => {
    element?.remove();
    localStorage.removeItem(cacheKey);
  });

  it('is the loader\'s markup, with a sign-in button that does not submit: neither Enter nor a click sends the form before a script', async () => {
    element = sentElement();
    const container = element.querySelector<HTMLElement>(':scope > [data-sso-first-paint]')!;
    // The same markup the loader draws, but for the button's type.
    const { view: drawn } = firstPaintMarkup('sso-first-paint-0', null);
    drawn.querySelector('button.sso-button--primary')!.setAttribute('type', 'button');
    expect(container.innerHTML).to.equal(drawn.outerHTML);
    expect(container.getAttribute('slot')).to.equal('sso-first-paint');
    expect(container.querySelector('[style], style')).to.equal(null);
    expect(container.querySelector('button[type="submit"], input[type="submit"]')).to.equal(null);

    const form = container.querySelector('form')!;
    const submits = countSubmits(form);
    const name = container.querySelector<HTMLInputElement>('input[name="name"]')!;
    const pwd = container.querySelector<HTMLInputElement>('input[name="pwd"]')!;
    // Styled by the linked sheet: laid out, the grey of a look not known yet.
    expect(pwd.getBoundingClientRect().height).to.be.greaterThan(30);
    expect(getComputedStyle(container.querySelector('.sso-button--primary')!).backgroundColor).to.equal('rgb(75, 85, 99)');

    name.focus();
    await sendKeys({ type: 'zhangwei' });
    pwd.focus();
    await sendKeys({ type: 'Sso@2026demo' });
    await sendKeys({ press: 'Enter' });
    container.querySelector<HTMLButtonElement>('.sso-button--primary')!.click();
    await new Promise(requestAnimationFrame);
    expect(submits()).to.equal(0);
    pwd.focus();
    pwd.setSelectionRange(2, 5);
  });

  it('is left alone by the loader (no second form) and taken over by the page: the cached look put in, what was typed and the focus kept; then a submit is remembered', async () => {
    const container = element.querySelector<HTMLElement>(':scope > [data-sso-first-paint]')!;
    const pwd = container.querySelector<HTMLInputElement>('input[name="pwd"]')!;
    const sheetsBefore = document.adoptedStyleSheets.length;
    startFirstPaint();
    await new Promise(requestAnimationFrame);
    expect(element.querySelectorAll(':scope > [data-sso-first-paint]').length).to.equal(1);
    expect(element.querySelectorAll('form').length).to.equal(1);
    expect(container.hasAttribute('data-sso-first-paint-sent')).to.equal(true);
    adoptSentFirstPaint(element);
    expect(container.hasAttribute('data-sso-first-paint-sent')).to.equal(false);
    // The cached look: its brand panel and colours (its rule in the loader's sheet, built then).
    expect(container.querySelector('.sso-brand__title')?.textContent).to.equal('iCAR 经销商平台');
    expect(container.getAttribute('data-sso-first-paint')).not.to.equal('pending');
    expect(document.adoptedStyleSheets.length).to.equal(sheetsBefore + 1);
    expect(document.activeElement === pwd, 'focus kept').to.equal(true);
    expect([pwd.value, pwd.selectionStart, pwd.selectionEnd]).to.deep.equal(['Sso@2026demo', 2, 5]);

    const submits = countSubmits(container.querySelector('form')!);
    await sendKeys({ press: 'Enter' });
    expect(submits()).to.equal(1);
    expect(container.getAttribute('data-sso-submit-pending')).to.equal('true');
    expect(container.querySelector('button[type="submit"]')?.getAttribute('aria-busy')).to.equal('true');
  });

  it('is removed when the element is a sign-out view', () => {
    const signOut = sentElement(' is-signout="1"');
    adoptSentFirstPaint(signOut);
    expect(signOut.querySelector('[data-sso-first-paint]')).to.equal(null);
    signOut.remove();
  });

  it('is styled by the same rules as the loader\'s sheet (written from the CSS text at build time, from the CSSOM at run time)', () => {
    const built = ruleTexts(linked.cssRules);
    // The loader's sheet: built by the cached look's adoption above; its base rules come first.
    lookAttributeFor('pending');
    const loader = ruleTexts(adoptFirstPaintSheet().cssRules);
    expect(built.slice(0, -1)).to.deep.equal(loader.slice(0, built.length - 1));
    // The built rules also carry the grey look, as the loader writes it.
    expect(built.at(-1)).to.contain('sso-login > [data-sso-first-paint="pending"]');
    expect(loader).to.include(built.at(-1));
  });
});

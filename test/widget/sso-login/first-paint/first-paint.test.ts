// The first paint of <sso-login> (widget/sso-login/first-paint/first-paint.ts): the password form is drawn and
// takes typing before the React part has arrived; when it arrives, React takes over the same inputs
// (value, focus, selection kept) and runs a submit made before it came, without a navigation of the
// page. The React part's arrival is in the test's hands: this file runs the first paint alone (as
// the library's entry does) and imports the element's definition only when a test says so. Once
// defined, an element stays defined for the page: the tests run in order, the first ones before
// the definition.
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { startFirstPaint } from '../../../../widget/sso-login/first-paint/first-paint.ts';
import { setNavigator } from '../../../../widget/core/navigate.ts';
import { createApiClient } from '../../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../../widget/core/notices.ts';
import { waitFor } from '../../support/helpers.ts';
import { brandCacheKey, storeLook } from '../../../../widget/sso-login/brand/brand-look.ts';
import { BRAND_COPY } from '../../../../widget/brands/brand-copy.ts';

const api = () => createApiClient({ apiBase: '/api', notices: createNoticeCenter() });
const signOut = () => api().get('/centerAuth/sso/signout', { quiet: true }).catch(() => undefined);
const isLoggedIn = async () => Boolean(await api().get('/centerAuth/sso/isLogin', { quiet: true }));

function mount(attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement('sso-login');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const firstPaintOf = (element: HTMLElement) => element.querySelector<HTMLElement>(':scope > [data-sso-first-paint]');

function firstPaintInput(element: HTMLElement, name: string): HTMLInputElement {
  const input = firstPaintOf(element)?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no first-paint input ${name}`);
  return input;
}

/** Where the box and the username input are, relative to the element, at each width. */
async function placesAt(element: HTMLElement, box: () => Element, nameInput: () => Element): Promise<number[][]> {
  const places: number[][] = [];
  for (const width of [375, 1280]) {
    await setViewport({ width, height: 800 });
    await new Promise(requestAnimationFrame);
    const origin = element.getBoundingClientRect();
    for (const rect of [box().getBoundingClientRect(), nameInput().getBoundingClientRect()]) {
      places.push([rect.left - origin.left, rect.top - origin.top, rect.width, rect.height].map(Math.round));
    }
  }
  return places;
}

describe('<sso-login> first paint before React', () => {
  const visited: string[] = [];
  const mounted: HTMLElement[] = [];
  let first: HTMLElement;
  // Their calls never answer: they never sign in or navigate on their own, and their React views
  // stay as in their first frame, which is what the first paint must match: the second with the
  // look cached by an earlier visit (brand panel and colours), the third with none (the skeleton).
  let second: HTMLElement;
  let third: HTMLElement;
  const cacheKeys = [brandCacheKey(window.location.hostname, null), brandCacheKey(window.location.hostname, 'exeed')];
  let placesBefore: number[][][] = [];

  before(async () => {
    await signOut();
    // Never restored: a removed element whose call answers late must not navigate the test page.
    setNavigator((url) => visited.push(url));
    for (const key of cacheKeys) localStorage.removeItem(key);
    const icar = BRAND_COPY.icar;
    storeLook(cacheKeys[0]!, { code: 'icar', name: icar.title, theme: icar.theme, imageList: [], cycleTime: 5 });
    startFirstPaint();
  });

  after(async () => {
    for (const element of mounted) element.remove();
    await setViewport({ width: 800, height: 600 });
    for (const key of cacheKeys) localStorage.removeItem(key);
    await signOut();
  });

  it('draws the password form of each element before the element is defined; none for sign-out or redirect mode', async () => {
    first = mount();
    second = mount({ 'api-base': '/__test/hang' });
    third = mount({ 'api-base': '/__test/hang', brand: 'exeed' });
    const signOutView = mount({ 'is-signout': '1' });
    const redirectView = mount({ 'is-redirect-self': '1' });
    mounted.push(first, second, third);
    // Drawn from a MutationObserver: after the microtask that follows the insertion.
    await waitFor(() => firstPaintOf(first) && firstPaintOf(second) && firstPaintOf(third));
    expect(customElements.get('sso-login')).to.equal(undefined);
    expect(firstPaintOf(signOutView)).to.equal(null);
    expect(firstPaintOf(redirectView)).to.equal(null);
    signOutView.remove();
    redirectView.remove();

    // The cached look: its brand's words and colours at once; none cached: the skeleton, grey.
    expect(firstPaintOf(second)!.querySelector('.sso-brand__title')?.textContent).to.equal('iCAR 经销商平台');
    expect(firstPaintOf(second)!.getAttribute('data-sso-first-paint')).not.to.equal('pending');
    expect(firstPaintOf(third)!.querySelector('.sso-brand--pending')).not.to.equal(null);
    expect(firstPaintOf(third)!.getAttribute('data-sso-first-paint')).to.equal('pending');

    for (const element of [first, second, third]) {
      const name = firstPaintInput(element, 'name');
      const pwd = firstPaintInput(element, 'pwd');
      expect([name.type, name.autocomplete, name.getAttribute('aria-label')]).to.deep.equal(['text', 'username webauthn', '用户名']);
      expect([pwd.type, pwd.autocomplete, pwd.getAttribute('aria-label')]).to.deep.equal(['password', 'current-password', '密码']);
      // Styled by the adopted sheet, no style attribute: visible, the element's look.
      expect(pwd.getBoundingClientRect().height).to.be.greaterThan(30);
      expect(getComputedStyle(pwd).borderTopStyle).to.equal('solid');
      expect(firstPaintOf(element)!.querySelector('[style]')).to.equal(null);
      expect(firstPaintOf(element)!.querySelector('button[type="submit"]')!.textContent).to.equal('登录');
      // A label click focuses its own input, not the other element's.
      firstPaintOf(element)!.querySelector<HTMLLabelElement>('label')!.click();
      expect(document.activeElement === name, 'label focuses its input').to.equal(true);
    }
    // The first paint's look stays inside the element: the page's own inputs are not touched.
    const pageInput = document.createElement('input');
    document.body.append(pageInput);
    expect(getComputedStyle(pageInput).minHeight).not.to.equal('40px');
    pageInput.remove();
    placesBefore = [];
    for (const element of [second, third]) {
      placesBefore.push(await placesAt(element, () => firstPaintOf(element)!.querySelector('.sso-box')!, () => firstPaintInput(element, 'name')));
    }
  });

  it('takes typing before React; Enter then waits for React instead of navigating the page', async () => {
    firstPaintInput(first, 'name').focus();
    await sendKeys({ type: 'zhangwei' });
    firstPaintInput(first, 'pwd').focus();
    await sendKeys({ type: 'Sso@2026demo' });
    await sendKeys({ press: 'Enter' });
    // Still this page (a navigation would have ended the test run), the button shows it waits.
    const button = firstPaintOf(first)!.querySelector('button[type="submit"]')!;
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.textContent).to.equal('登录中…');
    expect(visited).to.deep.equal([]);

    // The second element: typed into, focus and selection left in its username.
    const secondName = firstPaintInput(second, 'name');
    secondName.focus();
    await sendKeys({ type: 'lisi' });
    secondName.setSelectionRange(1, 3);
    expect(customElements.get('sso-login')).to.equal(undefined);
  });

  it('hands the same inputs to React when it arrives: values, focus and selection kept, the early Enter signs in', async () => {
    const typedName = firstPaintInput(first, 'name');
    const typedPwd = firstPaintInput(first, 'pwd');
    const secondName = firstPaintInput(second, 'name');

    await import('../../../../widget/sso-login/define.ts');
    const root = await waitFor(() => (first.shadowRoot?.querySelector('.sso-box') ? first.shadowRoot : null));
    await waitFor(() => second.shadowRoot?.querySelector('.sso-box'));

    // The first paint and its slot are gone; the inputs are the React form's light inputs now.
    expect(firstPaintOf(first) === null, 'first paint removed').to.equal(true);
    expect(firstPaintOf(second) === null, 'second first paint removed').to.equal(true);
    expect(root.querySelector('slot[name="sso-first-paint"]') === null, 'slot removed').to.equal(true);
    expect(first.querySelector(':scope > input[name="name"]') === typedName, 'name adopted').to.equal(true);
    expect(first.querySelector(':scope > input[name="pwd"]') === typedPwd, 'pwd adopted').to.equal(true);
    expect(typedName.value).to.equal('zhangwei');
    const nameSlot = root.querySelector<HTMLSlotElement>('form[name="sso-password-login"] slot[name="sso-credential-name"]')!;
    // Compared one by one: a deep comparison of elements would walk React's fibers behind them.
    const assigned = nameSlot.assignedElements();
    expect(assigned.length).to.equal(1);
    expect(assigned[0] === typedName, 'the slot shows the typed input').to.equal(true);
    // Exactly the two inputs per element: none left behind, none doubled.
    expect(Array.from(first.querySelectorAll('input')).map((input) => input.name)).to.deep.equal(['name', 'pwd']);

    expect(second.querySelector(':scope > input[name="name"]') === secondName, 'second name adopted').to.equal(true);
    expect(secondName.value).to.equal('lisi');
    expect(document.activeElement === secondName, 'focus kept').to.equal(true);
    expect([secondName.selectionStart, secondName.selectionEnd]).to.deep.equal([1, 3]);

    // The Enter pressed before React came: signed in once, the element then goes to /home.
    await waitFor(() => visited.length > 0, 8000);
    expect(visited).to.deep.equal(['/home']);
    expect(await isLoggedIn()).to.equal(true);
  });

  it('puts the React view where the first paint was, with a cached look and without: the box and the inputs do not jump (375 and 1280 px)', async () => {
    const placesAfter: number[][][] = [];
    for (const element of [second, third]) {
      await waitFor(() => element.shadowRoot?.querySelector('.sso-box'));
      placesAfter.push(await placesAt(element, () => element.shadowRoot!.querySelector('.sso-box')!, () => element.querySelector(':scope > input[name="name"]')!));
    }
    // The React views really are those first frames: the cached brand, and the skeleton.
    expect(second.shadowRoot!.querySelector('.sso-brand__title')?.textContent).to.equal('iCAR 经销商平台');
    expect(third.shadowRoot!.querySelector('.sso-brand--pending')).not.to.equal(null);
    expect(placesAfter).to.deep.equal(placesBefore);
  });
});

// The login form in the portal's first HTML response (docs/performance.md, "The login form in the
// first HTML"): with every script held back, `/` shows a form that takes typing; a click on 登录 or
// Enter then neither navigates nor sends anything; once the scripts run, React takes the same
// inputs over (values, focus and caret kept) and the sign-in works. The pages that show no password
// form (/home, /admin, /account, the sign-out address) are sent without it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Page, Request, Route } from 'playwright-core';
import { runJourney } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portal-and-browser.ts';
import { DEMO, credentialInput, loginBox, waitForHome } from './support/portal-ui.ts';

/** Holds every script of the page back until `release()` (the HTML and the stylesheets pass). */
async function holdScripts(page: Page): Promise<{ release(): void; held(): number }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(/\.js(\?|$)/, (route) => {
    if (released) void route.continue();
    else waiting.push(route);
  });
  return {
    release() {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
    held: () => waiting.length,
  };
}

/** The server-sent form's inputs: light DOM of <sso-login>, inside the first-paint container. */
const sentInput = (page: Page, name: 'name' | 'pwd') => page.locator(`sso-login > [data-sso-first-paint] input[name="${name}"]`);

describe('the login form in the first HTML', () => {
  const portal = usePortalAndBrowser();

  it('is visible and typeable before any script; nothing is sent or left before them; React keeps values, focus and caret; the sign-in works', async () => {
    await runJourney(portal.browser, 'first-html-form', async (journey) => {
      const { page } = journey;
      const scripts = await holdScripts(page);
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') sent.push(request);
      });
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });

      await page.goto(`${portal.server.url}/`, { waitUntil: 'commit' });
      await sentInput(page, 'pwd').waitFor({ state: 'visible' });
      assert.ok(scripts.held() > 0, 'the page asked for its scripts, and they are held');
      assert.equal(await page.evaluate(() => customElements.get('sso-login') === undefined && !document.querySelector('sso-login')?.shadowRoot), true, 'no script has run');
      assert.equal(await page.title(), '统一登录');
      await journey.shot('form-before-scripts');

      // Styled by the page's inline sheet (allowed by its hash): the box is a card, the button the grey of a look not
      // known yet (brand-theme-css.ts, PENDING_LOOK_CSS: #4b5563), as React's first frame.
      const look = await page.evaluate(() => {
        const button = document.querySelector('sso-login .sso-button--primary');
        const box = document.querySelector('sso-login .sso-box');
        return { button: button ? getComputedStyle(button).backgroundColor : '', boxWidth: box?.getBoundingClientRect().width ?? 0 };
      });
      assert.equal(look.button, 'rgb(75, 85, 99)');
      assert.ok(look.boxWidth > 200 && look.boxWidth < 800, `the box is laid out as a card (${look.boxWidth} px)`);

      await sentInput(page, 'name').click();
      await page.keyboard.type(DEMO.zhangwei.name);
      await sentInput(page, 'pwd').click();
      await page.keyboard.type(DEMO.zhangwei.password);
      // Before any script: Enter in the password field and a click on 登录 do nothing. A submission
      // would show as a submit event first, dispatched within the key press or click that asks for
      // it (a native post has no script to stop it): counted by a listener from outside the page.
      await page.evaluate(() => {
        const counted = window as unknown as { submits: number };
        counted.submits = 0;
        document.addEventListener('submit', () => (counted.submits += 1), true);
      });
      await page.keyboard.press('Enter');
      await page.locator('sso-login > [data-sso-first-paint] .sso-button--primary').click();
      await sentInput(page, 'pwd').click();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.evaluate(() => (window as unknown as { submits: number }).submits), 0, 'neither Enter nor 登录 submitted the form');
      assert.equal(navigations, 1, 'only the first navigation: the form did not submit');
      assert.deepEqual(sent.map((r) => `${r.method()} ${r.url()}`), [], 'nothing was sent before the scripts');
      assert.equal(page.url(), `${portal.server.url}/`);

      const caret = DEMO.zhangwei.password.length - 2;
      const before = await page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement & { marked?: boolean };
        active.marked = true;
        return { name: active.name, start: active.selectionStart, end: active.selectionEnd };
      });
      assert.deepEqual(before, { name: 'pwd', start: caret, end: caret });

      scripts.release();
      // The takeover: the inputs are the element's own light children now, the container is gone.
      await credentialInput(page, '密码').waitFor();
      await loginBox(page).locator('form[name="sso-password-login"]').waitFor();
      await page.locator('sso-login > [data-sso-first-paint]').waitFor({ state: 'detached' });
      const after = await page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement & { marked?: boolean };
        const name = document.querySelector<HTMLInputElement>('sso-login > input[name="name"]');
        return { marked: active.marked === true, name: active.name, value: active.value, start: active.selectionStart, end: active.selectionEnd, user: name?.value };
      });
      assert.deepEqual(after, { marked: true, name: 'pwd', value: DEMO.zhangwei.password, start: caret, end: caret, user: DEMO.zhangwei.name });
      await journey.shot('taken-over');
      assert.equal(await page.locator('sso-login [data-sso-first-paint]').count(), 0, 'one form: the loader drew no second one');

      await page.keyboard.press('Enter');
      await waitForHome(page, DEMO.zhangwei.name);
      const logins = sent.filter((r) => r.url().includes('/api/centerAuth/sso/doLogin'));
      assert.equal(logins.length, 1);
      assert.ok(!(logins[0]?.postData() ?? '').includes(DEMO.zhangwei.password), 'the password went SM2-encrypted');
      assert.ok(sent.every((r) => new URL(r.url()).pathname !== '/'), 'no native form post');
    });
  });

  it('a submit after the loader but before React is remembered and run by React', async () => {
    await runJourney(portal.browser, 'first-html-early-submit', async (journey) => {
      const { page } = journey;
      // Everything but the React part runs: the loader takes the server's form over. React's part is
      // held until the submit is remembered.
      let releaseReact = () => {};
      const reactHeld = new Promise<void>((resolve) => (releaseReact = resolve));
      await page.route(/react-part-[^/]*\.js$/, async (route) => {
        await reactHeld;
        await route.continue();
      });
      await page.goto(`${portal.server.url}/`, { waitUntil: 'commit' });
      await sentInput(page, 'pwd').waitFor({ state: 'visible' });
      await page.locator('sso-login > [data-sso-first-paint]:not([data-sso-first-paint-sent]) button[type="submit"]').waitFor();
      await sentInput(page, 'name').fill(DEMO.zhangwei.name);
      await sentInput(page, 'pwd').fill(DEMO.zhangwei.password);
      await sentInput(page, 'pwd').press('Enter');
      await page.locator('sso-login > [data-sso-first-paint][data-sso-submit-pending]').waitFor({ state: 'attached' });
      assert.equal(page.url(), `${portal.server.url}/`);
      releaseReact();
      await waitForHome(page, DEMO.zhangwei.name);
    });
  });

  it('is not sent where the page shows no password form', async () => {
    for (const path of ['/home', '/admin', '/admin/setup', '/account', '/?is_signout=1', '/login?is_redirect_self=1']) {
      const response = await fetch(portal.server.url + path, { headers: { accept: 'text/html' } });
      const html = await response.text();
      assert.equal(response.status, 200, path);
      assert.ok(html.includes('<main id="portal"'), path);
      assert.ok(!html.includes('<sso-login') && !html.includes('<form'), `${path} has no login form`);
    }
    for (const path of ['/', '/login', '/some/other/path', '/?brand=exeed', '/?is_signout=0']) {
      const html = await (await fetch(portal.server.url + path, { headers: { accept: 'text/html' } })).text();
      assert.match(html, /<main id="portal" class="portal-main"><sso-login><div data-sso-first-paint="pending"/, path);
      assert.match(html, /<form class="sso-form"[^>]*>/, path);
      // No submit button before the loader: nothing can post the password (first-paint-html.ts).
      assert.ok(!html.includes('type="submit"'), `${path}: no submit button in the HTML`);
    }
    // The look: one inline <style> in the head, allowed by its sha256 in the page's style-src and
    // by nothing else (no 'unsafe-inline'); the page keeps its other headers. The journey above sees
    // the style applied, which the browser only does when the hash matches.
    for (const path of ['/', '/home']) {
      const page = await fetch(portal.server.url + path, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      const html = await page.text();
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      assert.equal(styles.length, 1, `${path}: one inline style`);
      assert.match(styles[0]!, /sso-login>\[data-sso-first-paint\]/, path);
      assert.ok(!html.includes('rel="stylesheet"'), `${path}: no stylesheet request before the first frame`);
      const policy = page.headers.get('content-security-policy') ?? '';
      const hash = createHash('sha256').update(styles[0]!).digest('base64');
      assert.match(policy, new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`), path);
      assert.ok(!policy.includes('unsafe-inline'), path);
      assert.equal(page.headers.get('cross-origin-opener-policy'), 'same-origin', path);
      assert.equal(page.headers.get('content-encoding'), 'br', path);
    }
    // The pages are only sent with their policy: never as plain static files (nor the hash list).
    for (const file of ['/index.html', '/shell.html', '/page-policy.json']) {
      const answer = await fetch(portal.server.url + file, { headers: { accept: 'text/html' } });
      assert.match(answer.headers.get('content-security-policy') ?? '', /style-src 'self' 'sha256-/, file);
      assert.ok(!(await answer.text()).startsWith('{'), `${file}: the page, not the hash list`);
    }
  });

  it('is on screen before the portal\'s scripts run, also when they are already cached', async () => {
    await runJourney(portal.browser, 'first-html-first-frame', async (journey) => {
      const { page } = journey;
      // Each animation frame: is the sent form's password input there, and has the portal's start
      // taken the form over yet (first-paint-adopt.ts removes the "sent" mark)? Recorded from the
      // document's first script on, until the first frame without the mark. That frame may already
      // show React's view instead of the sent form (on a busy machine the takeover and React's first
      // commit can fall between two frames), so it is recorded whether the input is there or not.
      await page.addInitScript({
        content: `window.__frames = [];
          const look = () => {
            const input = document.querySelector('sso-login > [data-sso-first-paint] input[type="password"]');
            const sent = !!document.querySelector('[data-sso-first-paint-sent]');
            if (input || (window.__frames.length > 0 && !sent)) window.__frames.push({ usable: input ? input.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : null, sent });
            if (window.__frames.length === 0 || window.__frames[window.__frames.length - 1].sent) requestAnimationFrame(look);
          };
          requestAnimationFrame(look);`,
      });
      // Once cold, then again with every script in the cache: they are there when the HTML has been
      // parsed, which is when the browser runs module scripts, before its next frame. The start
      // evaluated there held the form's first frame back (docs/performance.md, "What held the first frame").
      for (const visit of ['cold', 'cached']) {
        await page.goto(`${portal.server.url}/`);
        await page.waitForFunction(() => (window as unknown as { __frames: Array<{ sent: boolean }> }).__frames.some((f) => !f.sent));
        const frames = await page.evaluate(() => (window as unknown as { __frames: Array<{ usable: boolean | null; sent: boolean }> }).__frames);
        assert.deepEqual(frames[0], { usable: true, sent: true }, `${visit}: the first frame with the form shows it, before the portal's start took it over`);
      }
      await credentialInput(page, '密码').click();
      await page.keyboard.type('x');
      assert.equal(await credentialInput(page, '密码').inputValue(), 'x', 'then taken over, it takes typing');
    });
  });

  it('/home and /admin show no login form, even before their scripts', async () => {
    await runJourney(portal.browser, 'first-html-other-pages', async (journey) => {
      const { page } = journey;
      await holdScripts(page);
      for (const path of ['/home', '/admin']) {
        await page.goto(`${portal.server.url}${path}`, { waitUntil: 'commit' });
        await page.locator('main#portal').waitFor({ state: 'attached' });
        await page.waitForFunction(() => document.readyState !== 'loading');
        assert.equal(await page.locator('sso-login, form, input').count(), 0, `${path}: no login form before its scripts`);
      }
    });
  });
});

// <app-center> without api-base, loaded by a page on another origin than the widget script (a brand
// site): like <sso-login> it calls the API of the server the script came from, and root-relative app
// logos ("/assets/...") come from that server too. This file loads only the built classic script
// (dist/widget, from `npm run build:widget`), from the test server under its other host name.
import { expect } from '@open-wc/testing';
import { loadClassicScript, replyBase, waitFor } from '../support/helpers.ts';

// Served by the API server itself (server/seed/app-logos), so no portal build is needed.
const LOGO = '/assets/apps/crm.svg';
const ok = (data: unknown) => ({ code: 200, msg: 'success', data });
const ANSWERS: Record<string, unknown> = {
  '/centerAuth/user/curLogin/info': ok({ username: 'zhangwei' }),
  '/centerAuth/clientGroup/getClientGroupList': ok([]),
  '/centerAuth/client/getClientListBySsoDomain': ok([{ id: 1, name: '经销商管理系统', logo: LOGO, intro: '', autoLoginUrl: 'https://dms.example.com' }]),
  '/centerAuth/clientGroup/detailGetBySsoDomain': ok({ code: 'default', name: '统一登录平台' }),
};

/** The same test server under its other name: a second origin for the browser. */
function scriptServerOrigin(): string {
  const other = window.location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return `${window.location.protocol}//${other}:${window.location.port}`;
}

describe('<app-center> api-base default', () => {
  it('calls <script origin>/api and shows root-relative logos from that origin', async () => {
    const scriptOrigin = scriptServerOrigin();
    await loadClassicScript(`${scriptOrigin}/dist/widget/sso-widget.iife.js`);
    const asked: string[] = [];
    const realFetch = window.fetch;
    // The script server's API answers the four load calls (scripted, through the runner's reply endpoint).
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      const path = url.startsWith(`${scriptOrigin}/api/`) ? new URL(url).pathname.slice('/api'.length) : null;
      if (path && path in ANSWERS) return realFetch(`${replyBase(200, ANSWERS[path])}${path}`, init);
      return realFetch(input, init);
    };
    const element = document.createElement('app-center');
    element.setAttribute('sso-domain', 'localhost');
    document.body.append(element);
    try {
      const icon = await waitFor(() => element.shadowRoot?.querySelector<HTMLImageElement>('button.card img.app-icon'));
      expect(icon.getAttribute('src')).to.equal(`${scriptOrigin}${LOGO}`);
      await waitFor(() => icon.complete && icon.naturalWidth > 0);
      expect(asked.filter((url) => url.includes('/centerAuth/')).every((url) => url.startsWith(`${scriptOrigin}/api/centerAuth/`)), asked.join('\n')).to.equal(true);
      expect(asked.some((url) => url.startsWith(`${scriptOrigin}/api/centerAuth/user/curLogin/info`))).to.equal(true);
    } finally {
      element.remove();
      window.fetch = realFetch;
    }
  });
});

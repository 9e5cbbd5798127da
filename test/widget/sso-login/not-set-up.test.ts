// A fresh instance before its first administrator exists answers the sign-in family of calls with
// AU00500 (Refusal.notSetUp, HTTP 200). The login box then says so for as long as the page stays,
// not only in a 3-second toast. The not-set-up answers come from the test server's scripted reply
// base (every call of the element answers AU00500); the real server of the run is set up.
import { expect } from '@open-wc/testing';
import { install } from '@sinonjs/fake-timers';
import { Refusal } from '../../../contract/errors.ts';
import { TOAST_DURATION_MS } from '../../../widget/core/config.ts';
import { replyBase, waitFor } from '../support/helpers.ts';
import { groupLoaded, mountLogin, toasts, type MountedLogin } from './login-fixture.ts';

const [NOT_SET_UP_CODE, NOT_SET_UP_TEXT] = Refusal.notSetUp;

describe('<sso-login> on an instance that is not set up', () => {
  let login: MountedLogin | null = null;
  afterEach(() => {
    login?.remove();
    login = null;
  });

  it('shows the AU00500 text inside the login box, announced, and keeps it past a toast\'s life', async () => {
    // The element's timers on a clock the test moves (it also runs on with real time, so the mount
    // and waitFor work as usual): a toast's life passes in one step instead of a 3-second sleep.
    const clock = install({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      login = await mountLogin({ 'api-base': replyBase(200, { code: NOT_SET_UP_CODE, msg: NOT_SET_UP_TEXT, data: null }) });
      const notice = await waitFor(() => login!.root.querySelector<HTMLElement>('[part="box"] [data-not-set-up]'), 8000);
      expect(notice.textContent).to.equal(NOT_SET_UP_TEXT);
      expect(notice.getAttribute('role')).to.equal('alert');
      expect(toasts(login.root)).to.not.include(NOT_SET_UP_TEXT);
      await clock.tickAsync(TOAST_DURATION_MS + 300);
      expect(login.root.querySelector('[part="box"] [data-not-set-up]')?.textContent).to.equal(NOT_SET_UP_TEXT);
    } finally {
      clock.uninstall();
    }
  });

  it('a set-up instance (the real server) shows no such notice', async () => {
    login = await mountLogin();
    await groupLoaded(login);
    expect(login.root.querySelector('[data-not-set-up]')).to.equal(null);
  });
});

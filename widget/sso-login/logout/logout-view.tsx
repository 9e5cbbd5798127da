// Shown when is_signout is set and not 0 (spec: a logout view with a single sign-out button).
// Loading it signs nobody out: a link or an image on another site must not end a session. Its one
// button 退出登录 signs out (single logout included); then the text says 您已退出登录 and the
// button 重新登录 leads back to the login box; after a failure 退出登录失败，请重试 with 退出登录.
import { useStore } from '@nanostores/react';
import { CONFIRM_SIGN_OUT, SIGN_OUT_FAILED, SIGNED_OUT, SIGNING_OUT } from './logout.messages.ts';
import { SIGN_IN_AGAIN } from '../../core/messages.ts';
import { SIGN_OUT } from '../sso-login.messages.ts';
import { signOutFromView } from './logout-store.ts';
import { setView } from '../login-context/login-store.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { useLoginUi } from '../login-context/use-login.ts';

const TEXTS = { ready: CONFIRM_SIGN_OUT, done: SIGNED_OUT, failed: SIGN_OUT_FAILED } as const;

export function LogoutView() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).signOut ?? false;
  const state = useStore(context.$signOut);
  const done = state === 'done';
  return (
    <div className="sso-logout" data-state={state}>
      <p className={`sso-logout__text${state === 'failed' ? ' sso-redirect__text--error' : ''}`} role="status">
        {busy ? SIGNING_OUT : TEXTS[state]}
      </p>
      <BusyButton
        type="button"
        busy={busy}
        label={done ? SIGN_IN_AGAIN : SIGN_OUT}
        busyLabel={`${SIGN_OUT}…`}
        onClick={() => (done ? setView(context, 'password') : void signOutFromView(context))}
      />
    </div>
  );
}

// Shown when is_signout is set and not 0: the sign-out call was made on load; one button. Text and
// button follow that call, so they never contradict each other: while it runs 正在退出登录… on a
// waiting 退出登录; once done 您已退出登录 with 重新登录 (to the login box); after a failure
// 退出登录失败，请重试 with 退出登录 (which tries again).
import { useStore } from '@nanostores/react';
import { SIGN_IN_AGAIN, SIGN_OUT, SIGN_OUT_FAILED, SIGNED_OUT, SIGNING_OUT } from '../core/messages.ts';
import { signOutAndShowLogin } from './stores/login-actions.ts';
import { BusyButton } from './busy-button.tsx';
import { useLoginUi } from './use-login.ts';

const TEXTS = { running: SIGNING_OUT, done: SIGNED_OUT, failed: SIGN_OUT_FAILED } as const;

export function LogoutView() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).signOut ?? false;
  const state = useStore(context.$signOut);
  return (
    <div className="sso-logout" data-state={state}>
      <p className={`sso-logout__text${state === 'failed' ? ' sso-redirect__text--error' : ''}`} role="status">
        {TEXTS[state]}
      </p>
      <BusyButton
        type="button"
        busy={busy}
        label={state === 'done' ? SIGN_IN_AGAIN : SIGN_OUT}
        busyLabel={`${SIGN_OUT}…`}
        onClick={() => void signOutAndShowLogin(context)}
      />
    </div>
  );
}

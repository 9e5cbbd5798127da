// Shown when is_signout is set and not 0: the sign-out call was made on load; one button.
import { useStore } from '@nanostores/react';
import { SIGN_OUT, SIGNED_OUT } from '../core/messages.ts';
import { signOutAndShowLogin } from './stores/login-actions.ts';
import { BusyButton } from './busy-button.tsx';
import { useLoginUi } from './use-login.ts';

export function LogoutView() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).signOut ?? false;
  return (
    <div className="sso-logout">
      <p className="sso-logout__text">{SIGNED_OUT}</p>
      <BusyButton type="button" busy={busy} label={SIGN_OUT} busyLabel={`${SIGN_OUT}…`} onClick={() => void signOutAndShowLogin(context)} />
    </div>
  );
}

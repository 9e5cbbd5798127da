// 使用通行密钥登录 in the password form's row of 忘记密码 (the form keeps its height: the first paint
// does not jump when React takes over), and the username field's passkey autofill (conditional
// mediation). Shown only where a passkey can work: a browser with WebAuthn, on the SSO origin, or on
// a brand origin when the browser supports Related Origin Requests (the SSO server's
// /.well-known/webauthn lists the brand origins). The WebAuthn code is a chunk of its own
// (passkey-sign-in.ts): this file only decides and loads it.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isCrossOrigin } from '../../core/request.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { useLoginUi } from '../login-context/use-login.ts';
import { PASSKEY_SIGN_IN, PASSKEY_SIGNING_IN } from './passkey.messages.ts';

type Capabilities = { relatedOrigins?: boolean };
type PublicKeyCredentialStatics = {
  isConditionalMediationAvailable?: () => Promise<boolean>;
  getClientCapabilities?: () => Promise<Capabilities>;
};

async function passkeysWorkHere(apiBase: string): Promise<boolean> {
  if (typeof window.PublicKeyCredential !== 'function' || !window.isSecureContext) return false;
  if (!isCrossOrigin(apiBase)) return true;
  const statics = window.PublicKeyCredential as unknown as PublicKeyCredentialStatics;
  const capabilities = await statics.getClientCapabilities?.().catch(() => ({} as Capabilities));
  return capabilities?.relatedOrigins === true;
}

const loadSignIn = () => import('./passkey-sign-in.ts');

export function PasskeyButton({ onError }: { onError(message: string | null): void }) {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).passkey ?? false;
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    let live = true;
    void passkeysWorkHere(context.params.apiBase).then(async (works) => {
      if (!live || !works) return;
      setAvailable(true);
      const statics = window.PublicKeyCredential as unknown as PublicKeyCredentialStatics;
      if (!(await statics.isConditionalMediationAvailable?.().catch(() => false))) return;
      if (!live) return;
      const { offerPasskeyAutofill } = await loadSignIn();
      if (live) void offerPasskeyAutofill(context, (message) => live && onError(message));
    });
    return () => {
      live = false;
      void loadSignIn().then(({ cancelPasskeyAutofill }) => cancelPasskeyAutofill()).catch(() => undefined);
    };
  }, [context, onError]);

  if (!available) return null;
  return (
    <BusyButton
      type="button"
      className="sso-button sso-button--link sso-passkey-button"
      busy={busy}
      label={PASSKEY_SIGN_IN}
      busyLabel={PASSKEY_SIGNING_IN}
      onClick={() => {
        onError(null);
        void loadSignIn().then(({ signInWithPasskey }) => signInWithPasskey(context)).then((error) => onError(error ?? null));
      }}
    />
  );
}

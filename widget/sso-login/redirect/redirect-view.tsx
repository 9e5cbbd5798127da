// External-redirect mode: progress while the code login runs, then the reason it failed.
import { useStore } from '@nanostores/react';
import { BACK_TO_LOGIN } from '../sso-login.messages.ts';
import { setView } from '../login-context/login-store.ts';
import { useLoginUi } from '../login-context/use-login.ts';

export function RedirectView() {
  const { context } = useLoginUi();
  const state = useStore(context.$redirect);
  if (!state) return null;
  return (
    <div className="sso-redirect" data-status={state.status}>
      {state.status === 'working' ? (
        <p className="sso-redirect__text" role="status">
          <span className="sso-spinner" aria-hidden="true" /> {state.message}
        </p>
      ) : (
        <>
          <p className="sso-redirect__text sso-redirect__text--error" role="alert">
            {state.message}
          </p>
          <button type="button" className="sso-button sso-button--secondary" onClick={() => setView(context, 'password')}>
            {BACK_TO_LOGIN}
          </button>
        </>
      )}
    </div>
  );
}

// The console page: the setup page on /admin/setup, else the sign-in form until GET /console/me
// knows an administrator, then the console. The dialogs that may interrupt any call (sign in again,
// password again) live here, over whatever is open.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import { api, errorText, notices, refusalCode } from './console-api.ts';
import { $reauthWaiters, $session, $signInWaiters, finishSignInAgain, signedIn } from './session-store.ts';
import { SetupPage } from './setup-page.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { ConsoleShell } from './console-shell.tsx';
import { ReauthDialog } from './reauth-dialog.tsx';
import { NoticeRegion } from './notice-region.tsx';
import { Modal } from './modal.tsx';
import { ConsoleText, PRODUCT, SignInText } from './console.messages.ts';

function isSetupPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/admin/setup';
}

export function ConsoleApp() {
  const [path, setPath] = useState(window.location.pathname);
  const [signInNote, setSignInNote] = useState<string | null>(null);
  /** No administrator exists yet (GET /console/setup/needed): only then the sign-in page tells how to create one. */
  const [setupNeeded, setSetupNeeded] = useState(false);
  const session = useStore($session);
  const signInWaiting = useStore($signInWaiters).length > 0;
  const reauthWaiting = useStore($reauthWaiters).length > 0;
  const setup = isSetupPath(path);

  const loadMe = useCallback(() => {
    $session.set({ status: 'loading' });
    // Signed out is an answer (data null), not an error: the browser logs no failed request.
    api.get('/console/me', { quiet: true }).then((me) => {
      if (me) signedIn(me);
      else {
        setSignInNote(null);
        $session.set({ status: 'signed-out' });
      }
    }, (error) => {
      const code = refusalCode(error);
      if (code === RefusalCode.consoleNotSignedIn || code === RefusalCode.notAdmin) {
        setSignInNote(code === RefusalCode.notAdmin ? errorText(error) : null);
        $session.set({ status: 'signed-out' });
      } else {
        $session.set({ status: 'failed', message: errorText(error) ?? '' });
      }
    });
  }, []);

  useEffect(() => {
    if (!setup) loadMe();
  }, [setup, loadMe]);

  const signedOut = !setup && session.status === 'signed-out';
  useEffect(() => {
    if (!signedOut) return;
    let live = true;
    // A failed question leaves the hint out: it is for a new deployment, not a fallback.
    api.get('/console/setup/needed', { quiet: true }).then((answer) => live && setSetupNeeded(answer.needed), () => undefined);
    return () => {
      live = false;
    };
  }, [signedOut]);

  let content;
  if (setup) {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    content = (
      <SetupPage
        token={token}
        onDone={() => {
          window.history.replaceState(null, '', '/admin');
          setPath('/admin');
        }}
      />
    );
  } else if (session.status === 'signed-in') {
    content = <ConsoleShell me={session.me} />;
  } else if (session.status === 'signed-out') {
    content = (
      <div className="sign-in-page card">
        <h1 className="page-title">{PRODUCT}</h1>
        <h2>{SignInText.heading}</h2>
        {signInNote ? <p className="notice notice--error" role="alert">{signInNote}</p> : null}
        <SignInForm onSignedIn={() => setSignInNote(null)} />
        {setupNeeded ? <p className="muted" data-testid="setup-hint">{SignInText.setupHint}</p> : null}
      </div>
    );
  } else if (session.status === 'failed') {
    content = (
      <div className="sign-in-page card">
        <h1 className="page-title">{PRODUCT}</h1>
        <div className="notice notice--error" role="alert">
          <p>{session.message}</p>
          <button type="button" className="btn btn--plain" onClick={loadMe}>{ConsoleText.retry}</button>
        </div>
      </div>
    );
  } else {
    content = (
      <div className="sign-in-page card">
        <h1 className="page-title">{PRODUCT}</h1>
        <p role="status">{ConsoleText.loading}</p>
      </div>
    );
  }

  return (
    <>
      {setup || session.status !== 'signed-in' ? <main className="console-plain">{content}</main> : content}
      {session.status === 'signed-in' && signInWaiting ? (
        <Modal title={SignInText.timedOutTitle} onClose={() => undefined}>
          <p className="modal__text">{SignInText.timedOut}</p>
          <SignInForm
            onSignedIn={() => finishSignInAgain(true)}
            extra={
              <button
                type="button"
                className="btn btn--plain"
                onClick={() => {
                  finishSignInAgain(false);
                  $session.set({ status: 'signed-out' });
                }}
              >
                {SignInText.giveUp}
              </button>
            }
          />
        </Modal>
      ) : null}
      {reauthWaiting && !signInWaiting ? <ReauthDialog /> : null}
      <NoticeRegion notices={notices} />
    </>
  );
}

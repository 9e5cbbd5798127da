// 通行密钥: add a passkey (named; the browser and the authenticator ask for the fingerprint, face or
// PIN), list, rename, remove. @simplewebauthn/browser is imported only when 添加通行密钥 is pressed.
// Every WebAuthn failure gets a Chinese message here; a cancelled or failed ceremony keeps nothing.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { PasskeyInfo } from '../../contract/endpoints/passkey.ts';
import { BusyButton } from '../admin/busy-button.tsx';
import { Field } from '../admin/field.tsx';
import { FormError } from '../admin/form-error.tsx';
import { api } from './account-api.ts';
import { formatTime } from './format.ts';
import { useCall } from './use-call.ts';
import { WebAuthnFailure, webAuthnMessage } from './webauthn.messages.ts';
import { PageText, PasskeyText as T } from './account.messages.ts';

export function PasskeysSection() {
  const [passkeys, setPasskeys] = useState<PasskeyInfo[] | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const load = useCall();
  const act = useCall();
  const supported = typeof window.PublicKeyCredential === 'function';

  const refresh = useCallback(async () => {
    const answer = await load.run(() => api.get('/account/passkeys', { quiet: true }));
    if (answer) setPasskeys(answer);
  }, [load.run]);
  useEffect(() => void refresh(), [refresh]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNote(null);
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 40) {
      setNameError(T.badNameToAdd);
      return;
    }
    setNameError(undefined);
    const added = await act.run(async () => {
      const { handle, options } = await api.post('/account/passkeys/options', { json: {}, quiet: true });
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startRegistration({ optionsJSON: options as never });
      } catch (error) {
        throw new WebAuthnFailure(webAuthnMessage(error));
      }
      return api.post('/account/passkeys/add', { json: { handle, name: trimmed, response: response as never }, quiet: true });
    });
    if (added) {
      setName('');
      setNote(T.added(added.name));
      await refresh();
    }
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    const trimmed = renaming.name.trim();
    if (!trimmed || trimmed.length > 40) {
      setNameError(T.badName);
      return;
    }
    const done = await act.run(async () => {
      await api.post('/account/passkeys/rename', { json: { id: renaming.id, name: trimmed }, quiet: true });
      return true;
    });
    if (done) {
      setRenaming(null);
      await refresh();
    }
  }

  async function remove(passkey: PasskeyInfo) {
    if (!window.confirm(T.removeConfirm(passkey.name))) return;
    const done = await act.run(async () => {
      await api.post('/account/passkeys/remove', { json: { id: passkey.id }, quiet: true });
      return true;
    });
    if (done) {
      setNote(T.removed(passkey.name));
      await refresh();
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-passkeys" data-section="passkeys">
      <h2 id="account-passkeys">{T.heading}</h2>
      <p className="muted">{T.intro}</p>
      {passkeys === null ? <p className="muted" role="status">{load.error ?? PageText.loading}</p> : (
        passkeys.length === 0 ? <p className="muted">{T.none}</p> : (
          <ul className="account-sessions">
            {passkeys.map((p) => (
              <li key={p.id} className="account-session" data-passkey={p.name}>
                {renaming?.id === p.id ? (
                  <form className="account-form" noValidate onSubmit={rename}>
                    <Field label={T.newName} error={nameError}>{(c) => <input {...c} maxLength={40} value={renaming.name} onChange={(e) => setRenaming({ id: p.id, name: e.target.value })} autoFocus />}</Field>
                    <div className="account-actions">
                      <BusyButton type="submit" variant="primary" busy={act.busy} busyLabel={T.saving}>{T.save}</BusyButton>
                      <BusyButton busy={false} onClick={() => setRenaming(null)}>{PageText.cancel}</BusyButton>
                    </div>
                  </form>
                ) : (
                  <>
                    <div>
                      <strong>{p.name}</strong>
                      <p className="muted">{T.addedAndUsed(formatTime(p.createdAt), p.lastUsedAt ? formatTime(p.lastUsedAt) : null)}</p>
                    </div>
                    <div className="account-actions">
                      <BusyButton busy={false} onClick={() => setRenaming({ id: p.id, name: p.name })} aria-label={T.renameOne(p.name)}>{T.rename}</BusyButton>
                      <BusyButton variant="danger" busy={act.busy} busyLabel={T.removing} onClick={() => void remove(p)} aria-label={T.removeOne(p.name)}>{T.remove}</BusyButton>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      {supported ? (
        <form className="account-form" noValidate onSubmit={add}>
          <Field label={T.name} error={renaming ? undefined : nameError} hint={T.nameHint}>{(c) => <input {...c} maxLength={40} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
          {note ? <p role="status" className="account-ok">{note}</p> : null}
          <FormError text={act.error} />
          <div className="account-actions"><BusyButton type="submit" variant="primary" busy={act.busy} busyLabel={T.adding}>{T.add}</BusyButton></div>
        </form>
      ) : <p className="muted">{T.unsupported}</p>}
    </section>
  );
}

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
      setNameError('请输入通行密钥名称（1-40 个字），例如“办公室电脑”');
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
      setNote(`已添加通行密钥“${added.name}”`);
      await refresh();
    }
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    const trimmed = renaming.name.trim();
    if (!trimmed || trimmed.length > 40) {
      setNameError('请输入通行密钥名称（1-40 个字）');
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
    if (!window.confirm(`确定删除通行密钥“${passkey.name}”吗？删除后不能再用它登录。`)) return;
    const done = await act.run(async () => {
      await api.post('/account/passkeys/remove', { json: { id: passkey.id }, quiet: true });
      return true;
    });
    if (done) {
      setNote(`已删除通行密钥“${passkey.name}”`);
      await refresh();
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-passkeys" data-section="passkeys">
      <h2 id="account-passkeys">通行密钥</h2>
      <p className="muted">用指纹、面容或设备密码登录，无需输入用户名和密码。通行密钥保存在您的设备或密码管理器中，只能用于本站。</p>
      {passkeys === null ? <p className="muted" role="status">{load.error ?? '正在加载…'}</p> : (
        passkeys.length === 0 ? <p className="muted">尚未添加通行密钥</p> : (
          <ul className="account-sessions">
            {passkeys.map((p) => (
              <li key={p.id} className="account-session" data-passkey={p.name}>
                {renaming?.id === p.id ? (
                  <form className="account-form" noValidate onSubmit={rename}>
                    <Field label="新名称" error={nameError}>{(c) => <input {...c} maxLength={40} value={renaming.name} onChange={(e) => setRenaming({ id: p.id, name: e.target.value })} autoFocus />}</Field>
                    <div className="account-actions">
                      <BusyButton type="submit" variant="primary" busy={act.busy} busyLabel="保存中…">保存</BusyButton>
                      <BusyButton busy={false} onClick={() => setRenaming(null)}>取消</BusyButton>
                    </div>
                  </form>
                ) : (
                  <>
                    <div>
                      <strong>{p.name}</strong>
                      <p className="muted">添加于：{formatTime(p.createdAt)} · 最近使用：{p.lastUsedAt ? formatTime(p.lastUsedAt) : '尚未使用'}</p>
                    </div>
                    <div className="account-actions">
                      <BusyButton busy={false} onClick={() => setRenaming({ id: p.id, name: p.name })} aria-label={`重命名 ${p.name}`}>重命名</BusyButton>
                      <BusyButton variant="danger" busy={act.busy} busyLabel="删除中…" onClick={() => void remove(p)} aria-label={`删除 ${p.name}`}>删除</BusyButton>
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
          <Field label="通行密钥名称" error={renaming ? undefined : nameError} hint="便于您区分设备，例如“办公室电脑”">{(c) => <input {...c} maxLength={40} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
          {note ? <p role="status" className="account-ok">{note}</p> : null}
          <FormError text={act.error} />
          <div className="account-actions"><BusyButton type="submit" variant="primary" busy={act.busy} busyLabel="等待验证…">添加通行密钥</BusyButton></div>
        </form>
      ) : <p className="muted">此浏览器不支持通行密钥。</p>}
    </section>
  );
}

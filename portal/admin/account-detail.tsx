// One account: its facts, 重置密码, 解锁 (while locked), 停用 / 启用, 授予 / 撤销管理员 (asks for the
// password again; the last administrator stays: AU00604), its groups and its sessions. An account
// that came from a company directory says so, has no 重置密码 (its password is in the directory),
// and shows the groups its directory mappings gave apart from those an administrator granted.
import { useRef, useState, type RefObject } from 'react';
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { BusyButton } from './busy-button.tsx';
import { FormError } from './form-error.tsx';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { AccountSessions } from './account-sessions.tsx';
import { accountFlags, isLocked } from './account-flags.ts';
import { formatTime } from './format.ts';
import { accountOrigin } from './account-directory.ts';
import { DirectoryGroups, directoryName } from './account-directory-groups.tsx';
import { DIRECTORY_TEXT } from './directory.messages.ts';
import { AccountDetailText as T, KIND_NAMES } from './accounts.messages.ts';

interface AccountDetailProps {
  account: ConsoleAccount;
  onChanged(account: ConsoleAccount): void;
  onClose(): void;
}

export function AccountDetail({ account, onChanged, onClose }: AccountDetailProps) {
  const actions = useAction();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [resetting, setResetting] = useState(false);
  const origin = accountOrigin(account);
  const [groups, setGroups] = useState<string[]>(origin.grantedGroups);
  const [sessionsGeneration, setSessionsGeneration] = useState(0);
  const groupsAction = useAction();
  const name = account.username;

  const disableButton = useRef<HTMLButtonElement>(null);
  const adminButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  /**
   * Runs one action of the row of buttons. Its button is disabled while it runs, which takes the
   * focus off it (to <body>): afterwards the focus goes back to the button in its place (停用账号
   * became 启用账号), or to the heading when the button is gone (解锁 once unlocked), once the
   * change is drawn.
   */
  async function act(key: string, call: () => Promise<ConsoleAccount>, done: string, button?: RefObject<HTMLButtonElement | null>) {
    setBusyKey(key);
    setNote('');
    const changed = await actions.run(call);
    setBusyKey(null);
    if (changed) {
      onChanged(changed);
      setNote(done);
      setSessionsGeneration((n) => n + 1);
    }
    focusAfterRender(() => button?.current ?? document.getElementById('account-detail-title'));
  }

  async function setDisabled(disabled: boolean) {
    if (disabled && !(await confirmAction(T.disableConfirm(name), T.disable))) return;
    await act('disable', () => api.post('/console/accounts/disabled', { json: { username: name, disabled }, quiet: true }), disabled ? T.disabled : T.enabled, disableButton);
  }

  async function setAdmin(admin: boolean) {
    const text = admin ? T.grantAdminConfirm(name) : T.revokeAdminConfirm(name);
    if (!(await confirmAction(text, admin ? T.grantAdmin : T.revokeAdmin))) return;
    await act('admin', () => api.post('/console/accounts/admin', { json: { username: name, admin }, quiet: true }), admin ? T.adminGranted : T.adminRevoked, adminButton);
  }

  async function saveGroups() {
    const changed = await groupsAction.run(() => api.post('/console/accounts/groups', { json: { username: name, groups }, quiet: true }));
    if (changed) {
      onChanged(changed);
      setNote(T.groupsSaved);
    }
  }

  const groupsChanged = [...groups].sort().join() !== [...origin.grantedGroups].sort().join();
  const fromDirectory = origin.directoryId !== null;
  return (
    <div className="panel account-detail">
      <div className="toolbar">
        <h3 id="account-detail-title" tabIndex={-1}>{T.title(name)}</h3>
        <button type="button" className="btn btn--plain" onClick={onClose}>{T.close}</button>
      </div>
      <dl className="facts">
        <div><dt>{T.kind}</dt><dd>{KIND_NAMES[account.kind]}</dd></div>
        <div><dt>{T.phone}</dt><dd>{account.phone ?? '—'}</dd></div>
        <div><dt>{T.state}</dt><dd>{accountFlags(account).map((flag) => <span key={flag.text} className={`badge ${flag.tone}`}>{flag.text}</span>)}</dd></div>
        <div><dt>{T.createdAt}</dt><dd>{formatTime(account.createdAt)}</dd></div>
        {fromDirectory ? (
          <div><dt>{T.origin}</dt><dd data-testid="account-directory">{DIRECTORY_TEXT.fromDirectory(directoryName(origin.directoryId))}</dd></div>
        ) : (
          <div><dt>{T.passwordChangedAt}</dt><dd>{formatTime(account.passwordChangedAt)}</dd></div>
        )}
      </dl>
      <div className="row-actions">
        {fromDirectory ? null : <button type="button" className="btn btn--plain" onClick={() => setResetting(true)} disabled={actions.busy}>{T.resetPassword}</button>}
        {isLocked(account) ? (
          <BusyButton busy={busyKey === 'unlock'} disabled={actions.busy} onClick={() => void act('unlock', () => api.post('/console/accounts/unlock', { json: { username: name }, quiet: true }), T.unlocked)}>{T.unlock}</BusyButton>
        ) : null}
        <BusyButton ref={disableButton} variant={account.disabled ? 'plain' : 'danger'} busy={busyKey === 'disable'} disabled={actions.busy} onClick={() => void setDisabled(!account.disabled)}>
          {account.disabled ? T.enable : T.disable}
        </BusyButton>
        <BusyButton ref={adminButton} busy={busyKey === 'admin'} disabled={actions.busy} onClick={() => void setAdmin(!account.isAdmin)}>
          {account.isAdmin ? T.revokeAdmin : T.grantAdmin}
        </BusyButton>
      </div>
      {fromDirectory ? <p className="notice notice--info" data-testid="reset-refused">{DIRECTORY_TEXT.resetRefused}</p> : null}
      <p role="status" className="cell-note">{note}</p>
      <FormError text={actions.error} />
      <div className="subsection">
        {fromDirectory || origin.directoryGroups.length > 0 ? <DirectoryGroups codes={origin.directoryGroups} /> : null}
        <GroupCheckboxes
          legend={fromDirectory || origin.directoryGroups.length > 0 ? DIRECTORY_TEXT.grantedGroupsLegend : T.groups}
          {...(fromDirectory || origin.directoryGroups.length > 0 ? { hint: DIRECTORY_TEXT.grantedGroupsHint } : {})}
          selected={groups}
          onChange={setGroups}
        />
        <FormError text={groupsAction.error} />
        <div className="form__actions">
          <BusyButton busy={groupsAction.busy} busyLabel={T.savingGroups} disabled={!groupsChanged} onClick={saveGroups}>{T.saveGroups}</BusyButton>
        </div>
      </div>
      <AccountSessions username={name} generation={sessionsGeneration} />
      {resetting && !fromDirectory ? (
        <ResetPasswordDialog
          account={account}
          onClose={() => setResetting(false)}
          onDone={(changed) => {
            setResetting(false);
            onChanged(changed);
            setNote(T.passwordReset);
            setSessionsGeneration((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}

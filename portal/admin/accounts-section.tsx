// 账号: search (part of a username or phone, a group, pages), 新建账号, and one account's panel with
// its actions, groups and sessions.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AccountPage, ConsoleAccount } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { groupsStore } from './stores.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { FormError } from './form-error.tsx';
import { Pager } from './pager.tsx';
import { AccountCreateForm } from './account-create-form.tsx';
import { AccountDetail } from './account-detail.tsx';
import { accountFlags } from './account-flags.ts';
import { accountOrigin } from './account-directory.ts';
import { focusHeading } from './focus.ts';
import { AccountListText as T, KIND_NAMES } from './accounts.messages.ts';
import { ConsoleText } from './console.messages.ts';

/** The account's groups, those a directory mapping gave marked （目录）. */
function groupsText(account: ConsoleAccount): string {
  const { directoryGroups } = accountOrigin(account);
  return account.groups.map((code) => (directoryGroups.includes(code) ? T.directoryGroup(code) : code)).join(T.listSeparator) || '—';
}

interface Query {
  q: string;
  group: string;
  page: number;
}

export function AccountsSection() {
  const groups = useStore(groupsStore.$state).items ?? [];
  const [typed, setTyped] = useState({ q: '', group: '' });
  const [query, setQuery] = useState<Query>({ q: '', group: '', page: 1 });
  const [result, setResult] = useState<AccountPage | null>(null);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<ConsoleAccount | null>(null);
  const search = useAction();
  const { run } = search;
  useEffect(() => groupsStore.ensure(), []);

  const load = useCallback(async (next: Query) => {
    const page = await run(() => api.get('/console/accounts', {
      params: { q: next.q || undefined, group: next.group || undefined, page: next.page },
      quiet: true,
    }));
    if (page) setResult(page);
  }, [run]);

  useEffect(() => {
    void load(query);
  }, [query, load]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery({ q: typed.q.trim(), group: typed.group, page: 1 });
  }

  function changed(account: ConsoleAccount) {
    setSelected(account);
    setResult((before) => before && { ...before, items: before.items.map((item) => (item.username === account.username ? account : item)) });
  }

  function open(account: ConsoleAccount) {
    setSelected(account);
    focusHeading('account-detail-title');
  }

  return (
    <>
      <h2 id="heading-accounts" tabIndex={-1}>{T.heading}</h2>
      <form className="toolbar search" role="search" onSubmit={submit} aria-label={T.search}>
        <div className="field">
          <label htmlFor="account-q" className="field__label">{T.query}</label>
          <input id="account-q" type="search" maxLength={64} value={typed.q} onChange={(event) => setTyped({ ...typed, q: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="account-group" className="field__label">{T.group}</label>
          <select id="account-group" value={typed.group} onChange={(event) => setTyped({ ...typed, group: event.target.value })}>
            <option value="">{T.allGroups}</option>
            {groups.map((group) => <option key={group.code} value={group.code}>{ConsoleText.nameWithCode(group.name, group.code)}</option>)}
          </select>
        </div>
        <BusyButton type="submit" busy={search.busy} busyLabel={T.searching}>{T.searchButton}</BusyButton>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setCreating(true);
            focusHeading('account-form-title');
          }}
        >
          {T.create}
        </button>
      </form>
      <FormError text={search.error}>
        <button type="button" className="btn btn--plain" onClick={() => void load(query)}>{T.retry}</button>
      </FormError>
      {creating ? (
        <AccountCreateForm
          onCancel={() => setCreating(false)}
          onCreated={(account) => {
            setCreating(false);
            setTyped({ q: account.username, group: '' });
            setQuery({ q: account.username, group: '', page: 1 });
            open(account);
          }}
        />
      ) : null}
      {selected ? <AccountDetail key={selected.username} account={selected} onChanged={changed} onClose={() => setSelected(null)} /> : null}
      {result === null && !search.error ? <p className="muted" role="status">{T.loading}</p> : null}
      {result ? (
        <>
          {result.items.length === 0 ? <p className="muted">{T.none}</p> : (
            <div className="table-wrap">
              <table className="table table--cards">
                <caption className="visually-hidden">{T.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.columns.username}</th>
                    <th scope="col">{T.columns.phone}</th>
                    <th scope="col">{T.columns.kind}</th>
                    <th scope="col">{T.columns.groups}</th>
                    <th scope="col">{T.columns.state}</th>
                    <th scope="col">{T.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((account) => (
                    <tr key={account.username} className={selected?.username === account.username ? "row--selected" : undefined}>
                      <th scope="row" data-label={T.columns.username}>{account.username}</th>
                      <td data-label={T.columns.phone}>{account.phone ?? '—'}</td>
                      <td data-label={T.columns.kind}>{KIND_NAMES[account.kind]}</td>
                      <td data-label={T.columns.groups}>{groupsText(account)}</td>
                      <td data-label={T.columns.state}>{accountFlags(account).map((flag) => <span key={flag.text} className={`badge ${flag.tone}`}>{flag.text}</span>)}</td>
                      <td data-label={T.columns.actions}><button type="button" className="btn btn--link" onClick={() => open(account)} aria-label={T.manageOne(account.username)}>{T.manage}</button></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={result.page} total={result.total} pageSize={result.pageSize} busy={search.busy} label={T.pages} onPage={(page) => setQuery({ ...query, page })} />
        </>
      ) : null}
    </>
  );
}

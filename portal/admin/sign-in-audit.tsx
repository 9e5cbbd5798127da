// The sign-in audit: filters (username, from / to, method, result (by its Chinese name), client id, IP), pages, and 导出
// CSV: a plain download of /api/console/audit/sign-ins.csv with the same filters (the console
// cookie goes along).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuditPage, SignInAuditQuery, SignInRow } from '../../contract/endpoints/console.ts';
import { buildQuery } from '../../widget/core/request.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { Field } from './field.tsx';
import { Pager } from './pager.tsx';
import { epochOfLocal, formatTime } from './format.ts';
import { METHODS, methodName } from './sign-in-methods.ts';
import { AuditText as T, SIGN_IN_RESULT_NAMES, signInResultName } from './audit.messages.ts';

interface Filters {
  username: string;
  from: string;
  to: string;
  method: string;
  result: string;
  clientId: string;
  ip: string;
}

const EMPTY: Filters = { username: '', from: '', to: '', method: '', result: '', clientId: '', ip: '' };

function queryOf(filters: Filters): Omit<SignInAuditQuery, 'page'> {
  const text = (value: string) => value.trim() || undefined;
  return {
    username: text(filters.username),
    from: epochOfLocal(filters.from),
    to: epochOfLocal(filters.to),
    method: (filters.method || undefined) as SignInAuditQuery['method'],
    result: text(filters.result),
    clientId: text(filters.clientId),
    ip: text(filters.ip),
  };
}

export function SignInAudit() {
  const [typed, setTyped] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<{ filters: Filters; page: number }>({ filters: EMPTY, page: 1 });
  const [result, setResult] = useState<AuditPage<SignInRow> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const { run } = action;
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const set = (key: keyof Filters, value: string) => setTyped((before) => ({ ...before, [key]: value }));

  const load = useCallback(async (filters: Filters, page: number) => {
    const rows = await run(() => api.get('/console/audit/sign-ins', { params: { ...queryOf(filters), page }, quiet: true }));
    if (rows) setResult(rows);
  }, [run]);

  useEffect(() => {
    void load(applied.filters, applied.page);
  }, [applied, load]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const from = epochOfLocal(typed.from);
    const to = epochOfLocal(typed.to);
    if (from !== undefined && to !== undefined && from >= to) found.to = T.toBeforeFrom;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    setApplied({ filters: typed, page: 1 });
  }

  const csvHref = `/api/console/audit/sign-ins.csv${buildQuery(queryOf(applied.filters))}`;
  return (
    <div className="subsection">
      <h3>{T.signIns}</h3>
      <form ref={formRef} className="form filters" onSubmit={submit} noValidate aria-label={T.filters}>
        <div className="form__grid form__grid--filters">
          <Field label={T.username}>{(control) => <input {...control} maxLength={64} value={typed.username} onChange={(event) => set('username', event.target.value)} />}</Field>
          <Field label={T.from} error={errors.from}>{(control) => <input {...control} type="datetime-local" value={typed.from} onChange={(event) => set('from', event.target.value)} />}</Field>
          <Field label={T.to} error={errors.to}>{(control) => <input {...control} type="datetime-local" value={typed.to} onChange={(event) => set('to', event.target.value)} />}</Field>
          <Field label={T.method}>
            {(control) => (
              <select {...control} value={typed.method} onChange={(event) => set('method', event.target.value)}>
                <option value="">{T.all}</option>
                {METHODS.map((method) => <option key={method} value={method}>{methodName(method)}</option>)}
              </select>
            )}
          </Field>
          <Field label={T.result}>
            {(control) => (
              <select {...control} value={typed.result} onChange={(event) => set('result', event.target.value)}>
                <option value="">{T.all}</option>
                {Object.entries(SIGN_IN_RESULT_NAMES).map(([result, name]) => <option key={result} value={result}>{name}</option>)}
              </select>
            )}
          </Field>
          <Field label={T.clientId}>{(control) => <input {...control} maxLength={128} value={typed.clientId} onChange={(event) => set('clientId', event.target.value)} />}</Field>
          <Field label={T.ip}>{(control) => <input {...control} maxLength={64} value={typed.ip} onChange={(event) => set('ip', event.target.value)} />}</Field>
        </div>
        <FormError text={null} fieldErrors={errors} />
        <div className="form__actions">
          <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={T.searching}>{T.search}</BusyButton>
          <button type="button" className="btn btn--plain" onClick={() => { setTyped(EMPTY); setErrors({}); setApplied({ filters: EMPTY, page: 1 }); }}>{T.clear}</button>
          <a className="btn btn--plain" href={csvHref} download>{T.exportCsv}</a>
        </div>
      </form>
      <FormError text={action.error}>
        <button type="button" className="btn btn--plain" onClick={() => void load(applied.filters, applied.page)}>{T.retry}</button>
      </FormError>
      {result === null && !action.error ? <p className="muted" role="status">{T.loading}</p> : null}
      {result ? (
        <>
          {result.items.length === 0 ? <p className="muted">{T.noSignIns}</p> : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{T.signIns}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.signInColumns.time}</th>
                    <th scope="col">{T.signInColumns.username}</th>
                    <th scope="col">{T.signInColumns.method}</th>
                    <th scope="col">{T.signInColumns.result}</th>
                    <th scope="col">{T.signInColumns.client}</th>
                    <th scope="col">IP</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((row, index) => (
                    <tr key={`${row.at}-${index}`}>
                      <td>{formatTime(row.at)}</td>
                      <td>{row.username}</td>
                      <td>{methodName(row.method)}</td>
                      <td>{signInResultName(row.result)}</td>
                      <td>{row.clientId ?? '—'}</td>
                      <td>{row.ip}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={result.page} total={result.total} pageSize={result.pageSize} busy={action.busy} label={T.signInPages} onPage={(page) => setApplied({ ...applied, page })} />
        </>
      ) : null}
    </div>
  );
}

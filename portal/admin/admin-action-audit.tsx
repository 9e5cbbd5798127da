// What administrators did (GET /console/audit/admin-actions): read-only, by pages; the before and
// after of each change open on request.
import { useCallback, useEffect, useState } from 'react';
import type { AdminActionRow, AuditPage } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { FormError } from './form-error.tsx';
import { Pager } from './pager.tsx';
import { formatTime } from './format.ts';
import { AuditText as T, adminActionName } from './audit.messages.ts';

function pretty(json: string | null): string {
  if (json === null) return '—';
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

export function AdminActionAudit() {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<AuditPage<AdminActionRow> | null>(null);
  const action = useAction();
  const { run } = action;

  const load = useCallback(async (wanted: number) => {
    const rows = await run(() => api.get('/console/audit/admin-actions', { params: { page: wanted }, quiet: true }));
    if (rows) setResult(rows);
  }, [run]);

  useEffect(() => {
    void load(page);
  }, [page, load]);

  return (
    <div className="subsection">
      <div className="toolbar">
        <h3>{T.adminActions}</h3>
        <button type="button" className="btn btn--plain" onClick={() => void load(page)} disabled={action.busy}>{action.busy ? T.refreshing : T.refresh}</button>
      </div>
      <FormError text={action.error} />
      {result === null && !action.error ? <p className="muted" role="status">{T.loading}</p> : null}
      {result ? (
        <>
          {result.items.length === 0 ? <p className="muted">{T.noAdminActions}</p> : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{T.adminActions}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.adminActionColumns.time}</th>
                    <th scope="col">{T.adminActionColumns.admin}</th>
                    <th scope="col">{T.adminActionColumns.action}</th>
                    <th scope="col">{T.adminActionColumns.target}</th>
                    <th scope="col">IP</th>
                    <th scope="col">{T.adminActionColumns.change}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((row, index) => (
                    <tr key={`${row.at}-${index}`}>
                      <td>{formatTime(row.at)}</td>
                      <td>{row.actor}</td>
                      <td>{adminActionName(row.action)}</td>
                      <td className="cell-url">{row.target}</td>
                      <td>{row.ip}</td>
                      <td>
                        {row.before !== null || row.after !== null ? (
                          <details>
                            <summary>{T.showChange}</summary>
                            <div className="diff">
                              <div><p className="cell-note">{T.before}</p><pre>{pretty(row.before)}</pre></div>
                              <div><p className="cell-note">{T.after}</p><pre>{pretty(row.after)}</pre></div>
                            </div>
                          </details>
                        ) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={result.page} total={result.total} pageSize={result.pageSize} busy={action.busy} label={T.adminActionPages} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

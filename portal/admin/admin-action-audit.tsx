// What administrators did (GET /console/audit/admin-actions): read-only, by pages; the before and
// after of each change open on request.
import { useCallback, useEffect, useState } from 'react';
import type { AdminActionRow, AuditPage } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { FormError } from './form-error.tsx';
import { Pager } from './pager.tsx';
import { formatTime } from './format.ts';
import { adminActionName } from './audit.messages.ts';

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
        <h3>管理操作记录</h3>
        <button type="button" className="btn btn--plain" onClick={() => void load(page)} disabled={action.busy}>{action.busy ? '刷新中…' : '刷新'}</button>
      </div>
      <FormError text={action.error} />
      {result === null && !action.error ? <p className="muted" role="status">正在加载…</p> : null}
      {result ? (
        <>
          {result.items.length === 0 ? <p className="muted">还没有管理操作记录。</p> : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">管理操作记录</caption>
                <thead>
                  <tr>
                    <th scope="col">时间</th>
                    <th scope="col">管理员</th>
                    <th scope="col">操作</th>
                    <th scope="col">对象</th>
                    <th scope="col">IP</th>
                    <th scope="col">变更</th>
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
                            <summary>查看</summary>
                            <div className="diff">
                              <div><p className="cell-note">修改前</p><pre>{pretty(row.before)}</pre></div>
                              <div><p className="cell-note">修改后</p><pre>{pretty(row.after)}</pre></div>
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
          <Pager page={result.page} total={result.total} pageSize={result.pageSize} busy={action.busy} label="管理操作记录分页" onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

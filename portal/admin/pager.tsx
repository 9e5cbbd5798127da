// 上一页 / 第 n 页，共 m 页 / 下一页 for a page of results (page, total, pageSize from the server).
import { PagerText } from './console.messages.ts';

export function Pager({ page, total, pageSize, busy, onPage, label }: { page: number; total: number; pageSize: number; busy: boolean; onPage(page: number): void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn--plain" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>{PagerText.previous}</button>
      <span aria-live="polite">{PagerText.where(page, pages, total)}</span>
      <button type="button" className="btn btn--plain" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>{PagerText.next}</button>
    </nav>
  );
}

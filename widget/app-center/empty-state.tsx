// Shown when the group has no apps at all, or when the search matches none.
import { EmptyTrayIcon } from './icons.tsx';
import { appCenterMessages as m } from './app-center.messages.ts';

export function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  const searching = query.trim() !== '';
  return (
    <div className="empty" part="empty-state">
      <EmptyTrayIcon />
      <p className="empty-title">{searching ? m.noMatchTitle(query.trim()) : m.emptyTitle}</p>
      <p className="empty-hint">{searching ? m.noMatchHint : m.emptyHint}</p>
      {searching && (
        <button type="button" className="text-button" part="clear-search" onClick={onClear}>
          {m.clearSearch}
        </button>
      )}
    </div>
  );
}

/** The calls failed (the request client already said why): offer to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="empty" part="load-error">
      <EmptyTrayIcon />
      <p className="empty-title">{m.loadFailedTitle}</p>
      <button type="button" className="text-button" onClick={onRetry}>
        {m.retry}
      </button>
    </div>
  );
}

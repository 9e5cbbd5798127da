// What a list shows while it loads, when it failed (with 重试) and when it is empty.
import type { ListState } from './list-store.ts';
import { ConsoleText } from './console.messages.ts';

export function ListStatus<T>({ state, retry, empty }: { state: ListState<T>; retry(): void; empty: string }) {
  if (state.error) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{state.error}</p>
        <button type="button" className="btn btn--plain" onClick={retry} disabled={state.loading}>{state.loading ? ConsoleText.retrying : ConsoleText.retry}</button>
      </div>
    );
  }
  if (state.items === null) return <p className="muted" role="status">{ConsoleText.loading}</p>;
  if (state.items.length === 0) return <p className="muted">{empty}</p>;
  return null;
}

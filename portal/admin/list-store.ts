// A list the console reads from one GET and several sections share (groups: the client form's
// checkboxes, the app cards' select, the account filters; clients: the app cards' select).
import { atom, type ReadableAtom } from 'nanostores';
import { consoleCall, errorText } from './console-api.ts';

export interface ListState<T> {
  items: T[] | null;
  loading: boolean;
  error: string | null;
}

export interface ListStore<T> {
  $state: ReadableAtom<ListState<T>>;
  /** Reads the list again; concurrent calls share one request. */
  refresh(): Promise<void>;
  /** Loads once (the first section that needs it). */
  ensure(): void;
}

export function createListStore<T>(load: () => Promise<T[]>): ListStore<T> {
  const $state = atom<ListState<T>>({ items: null, loading: false, error: null });
  let running: Promise<void> | null = null;
  function refresh(): Promise<void> {
    running ??= (async () => {
      $state.set({ ...$state.get(), loading: true, error: null });
      try {
        $state.set({ items: await consoleCall(load), loading: false, error: null });
      } catch (error) {
        $state.set({ ...$state.get(), loading: false, error: errorText(error) });
      } finally {
        running = null;
      }
    })();
    return running;
  }
  return {
    $state,
    refresh,
    ensure() {
      const state = $state.get();
      if (state.items === null && !state.loading && state.error === null) void refresh();
    },
  };
}

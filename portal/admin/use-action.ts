// One waiting action of a component: its busy flag (the button shows it and is disabled), the
// error to show in the form, and `run`, which goes through consoleCall (sign in again, password
// again). What the administrator typed lives in the form's own state and is never reset by a
// failure: only a success path clears it.
import { useCallback, useRef, useState } from 'react';
import { consoleCall, errorText } from './console-api.ts';

export interface Action {
  busy: boolean;
  error: string | null;
  setError(text: string | null): void;
  /**
   * Runs the task unless one is running. A failure is shown as the form's error unless `onError`
   * returns true (it showed it itself: at a field, with a reload offer ...). Resolves undefined on
   * failure.
   */
  run<T>(task: () => Promise<T>, onError?: (error: unknown) => boolean): Promise<T | undefined>;
}

/** `plain`: no sign-in-again / password-again handling (the sign-in and setup forms themselves). */
export function useAction(options: { plain?: boolean } = {}): Action {
  const plain = options.plain === true;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(async <T,>(task: () => Promise<T>, onError?: (error: unknown) => boolean): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await (plain ? task() : consoleCall(task));
    } catch (failure) {
      if (!onError?.(failure)) setError(errorText(failure));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [plain]);
  return { busy, error, setError, run };
}

// One action of a section: busy while it runs, its error (in Chinese, where the section shows it),
// and a lapsed session sends the browser to the login page instead.
import { useCallback, useState } from 'react';
import { errorText, leftForLogin } from './account-api.ts';

export function useCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      if (!leftForLogin(failure)) setError(errorText(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

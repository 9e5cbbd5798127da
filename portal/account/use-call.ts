// One action of a section: busy while it runs, its error (in Chinese, where the section shows it),
// and a lapsed session sends the browser to the login page instead. A security change refused for
// want of a recent proof of identity (AU00181) opens the 验证身份 dialog and, once proved, is sent
// again (once): `call` must do the whole request, so the retry sends fresh values.
import { useCallback, useState } from 'react';
import type { RecentProofNeed } from '../../contract/endpoints/account.ts';
import { ApiCallError } from '../../widget/core/request.ts';
import { errorText, leftForLogin, refusalCode } from './account-api.ts';
import { askRecentProof } from './recent-proof.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';

/** Runs `call`; on AU00181 asks for the proof and runs it again once. */
async function withRecentProof<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (failure) {
    if (refusalCode(failure) !== RefusalCode.recentProofRequired) throw failure;
    const need = (failure instanceof ApiCallError ? failure.data : null) as RecentProofNeed | null;
    if (!(await askRecentProof({ totpEnabled: need?.totpEnabled === true }))) return undefined;
    return call();
  }
}

export function useCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await withRecentProof(call);
    } catch (failure) {
      if (!leftForLogin(failure)) setError(errorText(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

// 验证身份: a security change answered AU00181 (no proof of identity on this session within 5
// minutes, server/account/recent-proof.ts) waits here while the page's dialog asks for the password
// or an authenticator code; then the change is sent again once, with what the person typed in its
// form untouched.
import { atom } from 'nanostores';
import type { RecentProofNeed } from '../../contract/endpoints/account.ts';

type Waiter = (proved: boolean) => void;

/** The open question (what the dialog may offer), or null: no dialog. */
export const $proofAsked = atom<RecentProofNeed | null>(null);
let waiters: Waiter[] = [];

/** Resolves true once the person proved who he is in the dialog, false when he closed it. */
export function askRecentProof(need: RecentProofNeed): Promise<boolean> {
  const open = $proofAsked.get();
  $proofAsked.set({ totpEnabled: need.totpEnabled || (open?.totpEnabled ?? false) });
  return new Promise((resolve) => waiters.push(resolve));
}

export function finishRecentProof(proved: boolean): void {
  const waiting = waiters;
  waiters = [];
  $proofAsked.set(null);
  for (const waiter of waiting) waiter(proved);
}

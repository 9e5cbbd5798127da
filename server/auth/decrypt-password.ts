// Every password arrives SM2-encrypted ("04" + C1C3C2 hex). A cipher text that cannot be used is
// refused with the reason, so a client bug (a missing "04", a broken encoding) is told apart from
// a page that still holds an old public key.
import type { AppContext } from '../context.ts';
import { sm2DecryptDetailed, type Sm2Failure } from '../crypto/sm2.ts';
import { refuse, type RefusalName } from '../http/api-error.ts';

const REFUSAL: Record<Sm2Failure, RefusalName> = {
  'missing-prefix': 'cipherMissingPrefix',
  malformed: 'cipherMalformed',
  undecryptable: 'decryptFailed',
};

export function decryptPassword(ctx: Pick<AppContext, 'keys'>, cipherHex: string): string {
  const result = sm2DecryptDetailed(cipherHex, ctx.keys.privateKey);
  if (!result.ok) throw refuse(REFUSAL[result.failure]);
  return result.plain;
}

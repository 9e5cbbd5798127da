// SM2 password encryption (spec sections 7 and 9): sm-crypto doEncrypt(text, key, 1) (C1C3C2) with
// "04" in front. sm-crypto is large, so its SM2 part alone (not sm3/sm4) is fetched with import()
// when the form is first used (sso-login/after-paint/sm2-warm-up.ts).
import type { ApiClient } from './request.ts';

type SmCrypto = typeof import('sm-crypto');
let smCrypto: Promise<SmCrypto['sm2']> | null = null;
let loadModule: () => Promise<unknown> = () => import('sm-crypto/src/sm2/index.js');

/** The sm2 object from the whole package ({ sm2 }, tests load it) or sm2-encrypt.ts (its doEncrypt). */
function sm2Of(mod: unknown): SmCrypto['sm2'] | undefined {
  type Sm2 = SmCrypto['sm2'];
  const loose = mod as { sm2?: Sm2; default?: { sm2?: Sm2 } & Partial<Sm2> } & Partial<Sm2>;
  if (loose.sm2) return loose.sm2;
  if (loose.default?.sm2) return loose.default.sm2;
  if (typeof loose.default?.doEncrypt === 'function') return loose.default as Sm2;
  if (typeof loose.doEncrypt === 'function') return loose as Sm2;
  return undefined;
}

/** Replaces how sm-crypto is fetched (tests observe when it happens); returns a restore function. */
export function setSm2Loader(next: () => Promise<unknown>): () => void {
  const previous = loadModule;
  loadModule = next;
  return () => {
    loadModule = previous;
  };
}

/** Starts loading sm-crypto; call it from an effect after the first render. */
export function preloadSm2(): Promise<SmCrypto['sm2']> {
  smCrypto ??= loadModule().then((mod) => {
    const sm2 = sm2Of(mod);
    if (!sm2) throw new Error('sm-crypto has no sm2');
    return sm2;
  });
  smCrypto.catch(() => {
    smCrypto = null;
  });
  return smCrypto;
}

export async function sm2Encrypt(plain: string, publicKey: string): Promise<string> {
  const sm2 = await preloadSm2();
  return '04' + sm2.doEncrypt(plain, publicKey, 1);
}

/**
 * Encrypts passwords with the server's public key (fetched once per client, again after a failure).
 * The key call is quiet: every caller reports its failure where the user looks (the form, the
 * dialog), and a toast on top would say the same thing twice (issue 15, the offline notice).
 */
export function createPasswordEncryptor(client: ApiClient): (plain: string) => Promise<string> {
  let key: Promise<string> | null = null;
  return async (plain) => {
    key ??= client.get('/centerAuth/commonConfig/getPublicKeySm2', { quiet: true });
    try {
      return await sm2Encrypt(plain, await key);
    } catch (error) {
      key = null;
      throw error;
    }
  };
}

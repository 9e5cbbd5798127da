// After a successful password sign-in, hands the credential to the browser's password manager
// through the Credential Management API where there is one (Chromium: PasswordCredential), so it
// is offered next time even though the form never "submits" in the classic sense. Saving is a
// bonus: a refusal, a missing API or a slow prompt never holds up the sign-in (capped wait).
const STORE_WAIT_MS = 1000;

type PasswordCredentialConstructor = new (data: { id: string; password: string; name?: string }) => Credential;

export async function storePasswordCredential(id: string, password: string): Promise<boolean> {
  const Ctor = (globalThis as { PasswordCredential?: PasswordCredentialConstructor }).PasswordCredential;
  if (!Ctor || typeof navigator === 'undefined' || !navigator.credentials?.store || !id || !password) return false;
  try {
    const stored = navigator.credentials.store(new Ctor({ id, password })).then(() => true, () => false);
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STORE_WAIT_MS));
    return await Promise.race([stored, timeout]);
  } catch {
    return false;
  }
}

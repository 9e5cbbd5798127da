// The account page's 验证身份 (issue 31): the password given again, which the security changes
// (passkey, phone, authenticator app) need within 5 minutes.
import assert from 'node:assert/strict';
import type { Client } from './test-app.ts';

export async function proveIdentity(client: Client, password: string): Promise<void> {
  const answer = await client.post('/api/account/reauth', { json: { password: await client.encrypt(password) } });
  assert.equal(answer.body.code, 200, JSON.stringify(answer.body));
}

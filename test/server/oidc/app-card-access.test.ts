// The app centre lists only what the account can open: a card tied to a client registered with
// --group is shown to members of those groups and to no one else (a non-member would only get
// access_denied from it). Demo accounts: zhangwei is in every group, dealer01 only in icar; both
// look at the icar cards.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { withAdminContext } from '../../../server/admin-context.ts';
import { changeMembership } from '../../../server/catalog/membership-admin.ts';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import { DEMO_DATA_FILE, importData, readImportFile, type ImportFile } from '../../../server/seed/import.ts';
import { buildTestApp, DEMO, testBackends, type Client, type TestApp } from '../../helpers/test-app.ts';

const ICAR_CARDS = '/api/centerAuth/client/getClientListBySsoDomain?ssoDomain=icar.localhost';

/** The demo's icar group with three more cards: a staff-only client's, a dealer client's, an open client's. */
function icarWithClientCards(dir: string): string {
  const demo = JSON.parse(fs.readFileSync(DEMO_DATA_FILE, 'utf8')) as ImportFile;
  const icar = demo.groups!.find((g) => g.code === 'icar')!;
  const card = (id: string, oidcClient: string) => ({ id, name: id, logo: '', intro: '', autoLoginUrl: `https://${id}.example.org/`, oidcClient });
  const file = path.join(dir, 'icar-cards.json');
  fs.writeFileSync(file, JSON.stringify({
    groups: [{ ...icar, apps: [...icar.apps!, card('staff-erp', 'staff-erp'), card('dealer-dms', 'dealer-dms'), card('open-wiki', 'open-wiki')] }],
  }));
  return file;
}

for (const backend of testBackends()) describe(`app cards of clients restricted by group (${backend.name})`, () => {
  let t: TestApp;
  let dir: string;
  let zhangwei: Client;
  let dealer01: Client;
  const admin = (command: string, args: string[], flags: Record<string, string | boolean | string[]> = {}) =>
    withAdminContext(t.config, async (ctx) => (command === 'grant' || command === 'revoke')
      ? changeMembership(ctx.stores, command, args)
      : (await runOidcCommand(ctx, command, args, flags))!);

  before(async () => {
    t = await buildTestApp(backend, { publicUrl: 'http://sso.example.com', oidcClientCheckMs: 100 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-card-access-'));
    await admin('add-client', ['staff-erp'], { 'redirect-uri': ['https://staff-erp.example.org/cb'], group: ['default'] });
    await admin('add-client', ['dealer-dms'], { 'redirect-uri': ['https://dealer-dms.example.org/cb'], group: ['icar', 'exeed'] });
    await admin('add-client', ['open-wiki'], { 'redirect-uri': ['https://open-wiki.example.org/cb'] });
    await importData(t.ctx.storage, readImportFile(icarWithClientCards(dir)), Date.now());
    zhangwei = t.client('icar.localhost');
    dealer01 = t.client('icar.localhost');
    await zhangwei.login('zhangwei', DEMO.zhangwei);
    await dealer01.login('dealer01', DEMO.dealer01);
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cardIds(client: Client): Promise<string[]> {
    const answer = await client.get(ICAR_CARDS);
    assert.equal(answer.body.code, 200, JSON.stringify(answer.body));
    return (answer.body.data as { id: string }[]).map((a) => a.id);
  }

  /** Running servers see client changes within five seconds (catalog/app-registry.ts). */
  async function eventually(client: Client, check: (ids: string[]) => boolean, what: string): Promise<string[]> {
    const deadline = Date.now() + 6000;
    let ids: string[] = [];
    while (Date.now() < deadline) {
      ids = await cardIds(client);
      if (check(ids)) return ids;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what}: ${ids.join(', ')}`);
  }

  it('dealer01 (only in icar) does not see the card of a client restricted to default', async () => {
    // The running server picks up the new clients within five seconds; until then the cards are plain links.
    const ids = await eventually(dealer01, (list) => !list.includes('staff-erp'), 'staff-erp hidden from dealer01');
    assert.deepEqual(ids, ['icar-1', 'icar-2', 'dealer-dms', 'open-wiki'],
      'his group\'s plain cards, the client of his group, the client without --group; not the staff one');
  });

  it('zhangwei (in every group) sees every card, the staff-only client\'s too', async () => {
    assert.deepEqual(await cardIds(zhangwei), ['icar-1', 'icar-2', 'staff-erp', 'dealer-dms', 'open-wiki']);
  });

  it('a grant shows the card at the next call, a revoke hides it again', async () => {
    await admin('grant', ['dealer01', 'default']);
    assert.ok((await cardIds(dealer01)).includes('staff-erp'), 'a member of default now');
    await admin('revoke', ['dealer01', 'default']);
    assert.ok(!(await cardIds(dealer01)).includes('staff-erp'), 'not any more');
  });

  it('restricting a client later hides its card from non-members within five seconds; lifting it shows it again', async () => {
    await admin('add-client', ['open-wiki'], { 'redirect-uri': ['https://open-wiki.example.org/cb'], group: ['ka'] });
    await eventually(dealer01, (list) => !list.includes('open-wiki'), 'open-wiki hidden from dealer01');
    assert.ok((await cardIds(zhangwei)).includes('open-wiki'), 'zhangwei is in ka');
    await admin('add-client', ['open-wiki'], { 'redirect-uri': ['https://open-wiki.example.org/cb'] });
    await eventually(dealer01, (list) => list.includes('open-wiki'), 'open-wiki shown to dealer01 again');
  });

  it('a card whose client was removed is a plain link again, shown to every member of the group', async () => {
    await admin('remove-client', ['staff-erp']);
    const ids = await eventually(dealer01, (list) => list.includes('staff-erp'), 'staff-erp as a plain link');
    assert.ok(ids.includes('staff-erp'));
    const card = ((await dealer01.get(ICAR_CARDS)).body.data as { id: string; autoLoginUrl: string }[]).find((a) => a.id === 'staff-erp');
    assert.equal(card?.autoLoginUrl, 'https://staff-erp.example.org/');
  });
});

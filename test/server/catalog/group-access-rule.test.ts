// The one per-group rule (issue 24, server/catalog/group-access.ts): an app with groups serves only
// members of one of them, an app without groups everyone, a group's own calls only its members; and
// every place that asks (the app centre, the OpenID Connect provider, CAS and SAML) asks it rather
// than writing the rule again. The behaviour at each caller is tested where the caller is:
// group-access*.test.ts, oidc/access.test.ts, oidc/app-card-access.test.ts, cas/, saml/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { groupsLetIn, isGroupMember, mayUseApp } from '../../../server/catalog/group-access.ts';
import { AppLinks } from '../../../server/catalog/app-links.ts';
import type { App } from '../../../server/records/catalog.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';

describe('per-group access, one rule', () => {
  it('an app without groups lets everyone in; with groups, members of any one of them', () => {
    assert.equal(groupsLetIn([], []), true);
    assert.equal(groupsLetIn([], ['ka']), true);
    assert.equal(groupsLetIn(['ka'], []), false);
    assert.equal(groupsLetIn(['ka', 'icar'], ['icar']), true);
    assert.equal(groupsLetIn(['ka'], ['icar', 'exeed']), false);
  });

  it('reads the memberships now, and not at all for an app without groups', async () => {
    let reads = 0;
    const memberships = { groupsOf: async (userId: number) => (reads++, userId === 1 ? ['ka'] : []) };
    assert.equal(await mayUseApp(memberships, [], 2), true);
    assert.equal(reads, 0);
    assert.equal(await mayUseApp(memberships, ['ka'], 1), true);
    assert.equal(await mayUseApp(memberships, ['ka'], 2), false);
  });

  it("a group's own calls serve its members", () => {
    assert.equal(isGroupMember(['ka', 'icar'], 'icar'), true);
    assert.equal(isGroupMember(['ka'], 'icar'), false);
  });

  it('the app centre applies it to the groups each protocol slice names for a card', () => {
    const links = new AppLinks();
    const card = (oidcClientId: string | null) => ({ oidcClientId, autoLoginUrl: 'https://app.example.com/' }) as App;
    links.useAppGroups((app) => (app.oidcClientId === 'crm' ? ['ka'] : undefined));
    links.useAppGroups((app) => (app.oidcClientId === 'wiki' ? [] : undefined));
    assert.equal(links.mayOpen(card('crm'), ['ka']), true);
    assert.equal(links.mayOpen(card('crm'), ['icar']), false);
    assert.equal(links.mayOpen(card('wiki'), []), true);
    assert.equal(links.mayOpen(card(null), []), true, 'a plain card');
  });

  it('every caller asks catalog/group-access.ts', () => {
    assert.match(fs.readFileSync(path.join(REPO_ROOT, 'server/catalog/index.ts'), 'utf8'), /export \{ mayUseApp \} from '\.\/group-access\.ts'/);
    for (const caller of ['server/catalog/routes.ts', 'server/catalog/app-links.ts', 'server/catalog/app-registry.ts']) {
      const text = fs.readFileSync(path.join(REPO_ROOT, caller), 'utf8');
      // Inside the catalog slice from the file, from another slice through catalog/index.ts (which takes it from the file).
      assert.match(text, /from '\.\/group-access\.ts'|\bmayUseApp\b[^;]* from '\.\.\/catalog\/index\.ts'/, caller);
      assert.doesNotMatch(text, /groups\.(some|includes)\(/, `${caller} writes the rule again`);
    }
  });
});

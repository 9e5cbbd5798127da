// The upgrade tests rebuild an older database by running the later migrations' down (kysely runs
// migrations in name order only): a migration from 0007 on without one would break them all with a
// confusing "corrupted migrations" error, so it is named here instead.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { migrations } from '../../../server/compose.ts';

describe('migrations', () => {
  it('every migration from 0007 on has a down, on both engines', () => {
    for (const engine of ['sqlite', 'postgres'] as const) {
      const missing = Object.entries(migrations(engine)).filter(([name, m]) => name >= '0007' && typeof m.down !== 'function').map(([name]) => name);
      assert.deepEqual(missing, [], `${engine}: migrations without down`);
    }
  });

  it('names are unique four-digit numbers in order of the code points', () => {
    const names = Object.keys(migrations('sqlite'));
    assert.ok(names.every((name) => /^\d{4}_[a-z0-9_]+$/.test(name)), names.join(' '));
    assert.equal(new Set(names.map((name) => name.slice(0, 4))).size, names.length, 'one migration per number');
  });
});

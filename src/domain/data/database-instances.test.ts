import { describe, expect, it } from 'vitest';
import rules from '../../../database.rules.json';
import {
  DEFAULT_DATABASE_INSTANCE,
  databaseInstanceFor,
  scopeOfPath,
  type DatabaseLayout,
} from '@domain/data/database-instances';
import { dbPaths } from '@domain/data/database-paths';
import { reminderPaths } from '@domain/reminders/reminder-records';

const SPLIT: DatabaseLayout = { public: 'public-0', member: 'members-0' };

/** Every path a dbPaths/reminderPaths entry makes (functions called with placeholder keys). */
function everyKnownPath(): string[] {
  return [...Object.values(dbPaths), ...Object.values(reminderPaths)].map((entry) =>
    typeof entry === 'string'
      ? entry
      : (entry as (...keys: string[]) => string)('k1', 'k2', 'k3', 'k4'),
  );
}

describe('databaseInstanceFor', () => {
  it('names the default instance for every path today, the root included', () => {
    for (const path of [...everyKnownPath(), '', 'users/u1/info'])
      expect(databaseInstanceFor(path)).toBe(DEFAULT_DATABASE_INSTANCE);
  });

  it('places every known path and every rules root in a scope', () => {
    for (const path of everyKnownPath()) expect(() => scopeOfPath(path)).not.toThrow();
    for (const root of Object.keys(rules.rules).filter((key) => !key.startsWith('.')))
      expect(() => scopeOfPath(root)).not.toThrow();
  });

  it('splits public data from member data when the layout has two instances', () => {
    expect(databaseInstanceFor(dbPaths.feedEntry('c1'), SPLIT)).toBe('public-0');
    expect(databaseInstanceFor(dbPaths.leaderboardAll, SPLIT)).toBe('public-0');
    expect(databaseInstanceFor(dbPaths.serverLimit('generate/u1'), SPLIT)).toBe('public-0');
    expect(databaseInstanceFor(dbPaths.challenge('u1', 'c1'), SPLIT)).toBe('members-0');
    expect(databaseInstanceFor(dbPaths.groupMember('c1', 'u1'), SPLIT)).toBe('members-0');
    expect(databaseInstanceFor('/progress/u1/member', SPLIT)).toBe('members-0');
  });

  it('refuses the root and an unplaced location under a split layout', () => {
    expect(() => databaseInstanceFor('', SPLIT)).toThrow('The database root spans instances');
    expect(() => databaseInstanceFor('somewhereNew/x', SPLIT)).toThrow(
      'No database instance is chosen for "somewhereNew/"',
    );
  });
});

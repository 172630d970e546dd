import type { Database } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_INSTANCE } from '@domain/data/database-instances';
import { instanceRoutedDatabase } from './instance-routed-database';

/** A stand-in instance that records which paths it was asked for and the updates it received, in order. */
function fakeInstance(name: string, journal: string[]) {
  const refAt = (path = '') => ({
    instance: name,
    path,
    update: async (values: Record<string, unknown>) => {
      journal.push(`${name}: ${Object.keys(values).join(', ')}`);
    },
    set: async () => undefined,
    child: (child: string) => refAt(`${path}/${child}`),
  });
  return { ref: refAt, app: { name } } as unknown as Database;
}

const layout = { public: DEFAULT_DATABASE_INSTANCE, member: 'members-0' };

describe('instanceRoutedDatabase', () => {
  it('is the default database itself with one instance', () => {
    const database = fakeInstance('default', []);
    expect(instanceRoutedDatabase(database)).toBe(database);
  });

  it('routes each ref to the instance that holds its path', () => {
    const journal: string[] = [];
    const routed = instanceRoutedDatabase(fakeInstance('public', journal), {
      layout,
      others: { 'members-0': fakeInstance('members', journal) },
    });
    expect(routed.ref('feed/c1')).toMatchObject({ instance: 'public', path: 'feed/c1' });
    expect(routed.ref('users/u1/info')).toMatchObject({
      instance: 'members',
      path: 'users/u1/info',
    });
    expect(routed.ref().child('groups/c1')).toMatchObject({
      instance: 'members',
      path: 'groups/c1',
    });
    expect(routed.app).toEqual({ name: 'public' });
  });

  it('splits a root update by instance, member data first, and refuses whole-root operations', async () => {
    const journal: string[] = [];
    const routed = instanceRoutedDatabase(fakeInstance('public', journal), {
      layout,
      others: { 'members-0': fakeInstance('members', journal) },
    });
    await routed.ref().update({
      'feed/c1': { title: 'Dinner' },
      'users/u1/challenges/c1': { title: 'Dinner' },
      'serverLimits/u1': 1,
      'groups/c1/members/u1': { meals: 1 },
    });
    expect(journal).toEqual([
      'members: users/u1/challenges/c1, groups/c1/members/u1',
      'public: feed/c1, serverLimits/u1',
    ]);
    expect(() => routed.ref('').set).toThrow('The database root spans instances');
  });

  it('says so when an instance of the layout has no database', () => {
    const routed = instanceRoutedDatabase(fakeInstance('public', []), { layout, others: {} });
    expect(() => routed.ref('users/u1')).toThrow(
      'No database is configured for instance "members-0"',
    );
  });
});

// The RTDB rules engine through its public interface: the rule tree, the .read/.write cascade,
// wildcards, .validate, query-based rules and .indexOn.
import { describe, expect, it } from 'vitest';
import {
  compileDatabaseRules,
  RulesError,
  type CompiledDatabaseRules,
  type JsonValue,
  type RulesAuth,
} from '../../database/rules/compile';

const user = (uid: string, claims: Record<string, unknown> = {}): RulesAuth => ({
  uid,
  provider: 'password',
  token: { sub: uid, user_id: uid, ...claims },
});
const alice = user('alice');
const bob = user('bob');

const rules = (tree: unknown): CompiledDatabaseRules =>
  compileDatabaseRules(JSON.stringify({ rules: tree }));
const p = (path: string): string[] => path.split('/').filter(Boolean);

/** Writes `value` at each path of `sets` into a copy of `root` (null deletes), pruning empty objects. */
function apply(root: JsonValue, sets: Record<string, JsonValue>): JsonValue {
  const setAt = (node: JsonValue, keys: string[], value: JsonValue): JsonValue => {
    if (keys.length === 0) return value;
    const obj: Record<string, JsonValue> =
      node !== null && typeof node === 'object' && !Array.isArray(node) ? { ...node } : {};
    const child = setAt(obj[keys[0]] ?? null, keys.slice(1), value);
    if (child === null) delete obj[keys[0]];
    else obj[keys[0]] = child;
    return Object.keys(obj).length ? obj : null;
  };
  return Object.entries(sets).reduce((acc, [path, value]) => setAt(acc, p(path), value), root);
}

function read(
  r: CompiledDatabaseRules,
  path: string,
  auth: RulesAuth | null,
  root: JsonValue = null,
  now = 0,
) {
  return r.canRead({ path: p(path), auth, root, now });
}
/** A set (one path) or a multi-path update (several), evaluated as one request. */
function write(
  r: CompiledDatabaseRules,
  sets: Record<string, JsonValue>,
  auth: RulesAuth | null,
  oldRoot: JsonValue = null,
  now = 0,
) {
  return r.canWrite({
    writes: Object.keys(sets).map(p),
    auth,
    oldRoot,
    newRoot: apply(oldRoot, sets),
    now,
  });
}

describe('rules file', () => {
  it('accepts comments, multi-line expressions and an empty or missing rules object', () => {
    const r = compileDatabaseRules(`{
      // who may read
      "rules": {
        /* everyone signed in */
        ".read": "auth != null &&
                  auth.uid != null"
      }
    }`);
    expect(read(r, 'x', alice)).toBe(true);
    expect(read(r, 'x', null)).toBe(false);
    expect(read(compileDatabaseRules('{}'), '', alice)).toBe(false);
    expect(read(compileDatabaseRules('{"rules": {}}'), '', alice)).toBe(false);
  });

  it.each([
    ['[]', 'must be a JSON object'],
    ['{"rulez": {}}', 'Unexpected top-level key "rulez"'],
    ['{".read": true}', 'Unexpected top-level key ".read"'],
    ['{"rules": true}', '/: expected an object of rules, got boolean'],
    ['{"rules": {"a": true}}', '/a: expected an object of rules, got boolean'],
    ['{"rules": {"a": null}}', '/a: expected an object of rules, got null'],
    ['{"rules": {".read": 1}}', '/.read: must be true, false or an expression string, got 1'],
    [
      '{"rules": {"a": {".write": null}}}',
      '/a/.write: must be true, false or an expression string',
    ],
    ['{"rules": {".value": true}}', "/.value: unsupported rule '.value'"],
    ['{"rules": {"a": {".priority": "x"}}}', "/a/.priority: unsupported rule '.priority'"],
    ['{"rules": {"a": {".readd": true}}}', "unsupported rule '.readd'"],
    ['{"rules": {"a": {"$x": {}, "$y": {}}}}', "/a: two wildcards at one level ('$x' and '$y')"],
    ['{"rules": {"$x": {"$x": {}}}}', "/$x/$x: wildcard '$x' is already used above this location"],
    ['{"rules": {"$": {}}}', "invalid wildcard name '$'"],
    ['{"rules": {"a.b": {}}}', "/a.b: invalid child name 'a.b'"],
    ['{"rules": {"a#": {}}}', "invalid child name 'a#'"],
    ['{"rules": {"users/$uid": {}}}', "invalid child name 'users/$uid'"],
    [
      '{"rules": {"a": {".indexOn": 5}}}',
      '/a/.indexOn: must be a child name or an array of child names',
    ],
    ['{"rules": {"a": {".indexOn": ["x", 1]}}}', '/a/.indexOn: must be'],
    ['{"rules": {"a": {".indexOn": [""]}}}', '/a/.indexOn: must be'],
    [
      '{"rules": {"a": {"$id": {".write": "$uid == auth.uid"}}}}',
      "/a/$id/.write: unknown variable '$uid'",
    ],
    ['{"rules": {"a": {".read": "auth.foo()"}}}', "/a/.read: unsupported method 'foo()'"],
    [
      '{"rules": {"a": {".read": "newData.exists()"}}}',
      "/a/.read: 'newData' is not available in .read rules",
    ],
    [
      '{"rules": {"a": {".write": "query.limitToFirst < 5"}}}',
      "/a/.write: 'query' is only available in .read rules",
    ],
    ['{"rules": {"a": {".validate": "data = 1"}}}', "/a/.validate: unsupported operator '='"],
    ['{"rules": {"a": {".read": true, ".read": false}}}', 'duplicate key ".read"'],
  ])('rejects %s', (source, message) => {
    expect(() => compileDatabaseRules(source)).toThrow(RulesError);
    expect(() => compileDatabaseRules(source)).toThrow(message);
  });

  it('wildcards are in scope below their level, including in sibling subtrees', () => {
    const r = rules({
      rooms: { $room: { members: { $uid: { '.write': "$room != '' && $uid == auth.uid" } } } },
    });
    expect(write(r, { 'rooms/r1/members/alice': true }, alice)).toBe(true);
    expect(write(r, { 'rooms/r1/members/bob': true }, alice)).toBe(false);
  });
});

describe('.read / .write cascade', () => {
  it('denies by default', () => {
    const r = rules({});
    expect(read(r, '', alice)).toBe(false);
    expect(read(r, 'a/b', alice)).toBe(false);
    expect(write(r, { a: 1 }, alice)).toBe(false);
  });

  it('a grant at a location covers everything below it; a deeper rule cannot revoke it', () => {
    const r = rules({
      foo: { '.read': true, '.write': true, bar: { '.read': false, '.write': false } },
    });
    expect(read(r, 'foo', null)).toBe(true);
    expect(read(r, 'foo/bar', null)).toBe(true);
    expect(read(r, 'foo/bar/baz/qux', null)).toBe(true);
    expect(write(r, { 'foo/bar': 1 }, null)).toBe(true);
    expect(write(r, { 'foo/bar/deep/er': 1 }, null)).toBe(true);
  });

  it('a grant below the requested location does not grant it (rules are not filters)', () => {
    const r = rules({
      records: { rec1: { '.read': true, '.write': true }, rec2: { '.read': false } },
    });
    expect(read(r, 'records/rec1', null)).toBe(true);
    expect(read(r, 'records/rec2', null)).toBe(false);
    expect(read(r, 'records', null)).toBe(false);
    expect(read(r, '', null)).toBe(false);
    expect(write(r, { 'records/rec1': 1 }, null)).toBe(true);
    expect(write(r, { records: { rec1: 1 } }, null)).toBe(false);
  });

  it('grants when any rule on the path grants, evaluating each with data at its own level', () => {
    const r = rules({
      docs: {
        '.read': "data.child('public').val() == true",
        $doc: { '.read': "data.child('owner').val() == auth.uid" },
      },
    });
    const root = { docs: { d1: { owner: 'alice' }, d2: { owner: 'bob' } } };
    expect(read(r, 'docs/d1', alice, root)).toBe(true);
    expect(read(r, 'docs/d2', alice, root)).toBe(false);
    expect(read(r, 'docs', alice, root)).toBe(false);
    const open = { docs: { public: true, d2: { owner: 'bob' } } };
    expect(read(r, 'docs', alice, open)).toBe(true);
    expect(read(r, 'docs/d2', alice, open)).toBe(true);
  });

  it('reads and writes below the deepest rule inherit its grant', () => {
    const r = rules({
      users: { $uid: { '.read': 'auth.uid == $uid', '.write': 'auth.uid == $uid' } },
    });
    expect(read(r, 'users/alice/a/b/c', alice)).toBe(true);
    expect(read(r, 'users/bob/a/b/c', alice)).toBe(false);
    expect(write(r, { 'users/alice/a/b/c': 1 }, alice)).toBe(true);
    expect(write(r, { 'users/bob/a/b/c': 1 }, alice)).toBe(false);
  });

  it('a literal child wins over the wildcard at the same level', () => {
    const r = rules({
      items: {
        $id: { '.read': true, '.write': true },
        locked: { '.read': false },
      },
    });
    expect(read(r, 'items/any', null)).toBe(true);
    expect(read(r, 'items/locked', null)).toBe(false);
    expect(write(r, { 'items/locked': 1 }, null)).toBe(false);
  });

  it('owner-only writes with $uid: set on the own node, an update below it, nothing for others', () => {
    const r = rules({ users: { $uid: { '.write': 'auth !== null && auth.uid === $uid' } } });
    expect(write(r, { 'users/alice': { name: 'A' } }, alice)).toBe(true);
    expect(write(r, { 'users/alice/name': 'A', 'users/alice/bio': 'x' }, alice)).toBe(true);
    expect(write(r, { 'users/bob': { name: 'B' } }, alice)).toBe(false);
    expect(write(r, { 'users/alice': { name: 'A' } }, null)).toBe(false);
    // A set of the parent needs a grant at the parent, even if each child would be allowed.
    expect(write(r, { users: { alice: { name: 'A' } } }, alice)).toBe(false);
  });

  it('a multi-path update is allowed only if every written path is', () => {
    const r = rules({
      users: { $uid: { '.write': 'auth.uid === $uid' } },
      feed: { $id: { '.write': "data.child('uid').val() === auth.uid" } },
    });
    const old = { feed: { c1: { uid: 'alice', title: 'old' } } };
    expect(write(r, { 'users/alice/title': 'new', 'feed/c1/title': 'new' }, alice, old)).toBe(true);
    expect(write(r, { 'users/bob/title': 'new', 'feed/c1/title': 'new' }, bob, old)).toBe(false);
    expect(write(r, { 'users/alice/title': 'new', 'feed/c1/title': 'new' }, bob, old)).toBe(false);
  });

  it('deletes need .write, evaluated with newData null', () => {
    const r = rules({
      posts: {
        $id: { '.write': "!newData.exists() ? data.child('uid').val() == auth.uid : auth != null" },
      },
    });
    const root = { posts: { p1: { uid: 'alice' } } };
    expect(write(r, { 'posts/p1': null }, alice, root)).toBe(true);
    expect(write(r, { 'posts/p1': null }, bob, root)).toBe(false);
    expect(write(r, { 'posts/p2': { uid: 'bob' } }, bob, root)).toBe(true);
  });

  it('write rules see data (before), newData (after the whole request) and root (before)', () => {
    const r = rules({
      counters: {
        $id: {
          '.write':
            "newData.isNumber() && newData.val() == (data.exists() ? data.val() : 0) + 1 && root.child('open').val() == true",
        },
      },
    });
    const root = { open: true, counters: { a: 1 } };
    expect(write(r, { 'counters/a': 2 }, alice, root)).toBe(true);
    expect(write(r, { 'counters/a': 3 }, alice, root)).toBe(false);
    expect(write(r, { 'counters/b': 1 }, alice, root)).toBe(true);
    expect(write(r, { 'counters/a': 2 }, alice, { ...root, open: false })).toBe(false);
    // root is the tree before the request: changing "open" in the same update does not help
    expect(write(r, { 'counters/a': 2, open: true }, alice, { ...root, open: false })).toBe(false);
  });

  it('newData.parent() sees the other paths of the same multi-path update', () => {
    const r = rules({
      groups: {
        $g: {
          members: {
            $uid: {
              '.write':
                "newData.parent().parent().parent().parent().child('users/' + $uid + '/groups/' + $g).exists()",
            },
          },
        },
      },
      users: { $uid: { '.write': 'auth.uid == $uid' } },
    });
    expect(
      write(r, { 'groups/g1/members/alice': true, 'users/alice/groups/g1': true }, alice),
    ).toBe(true);
    expect(write(r, { 'groups/g1/members/alice': true }, alice)).toBe(false);
  });

  it('admin custom claim grants everywhere it is checked', () => {
    const admin = user('root', { admin: true });
    const r = rules({
      '.read': 'auth.token.admin === true',
      '.write': 'auth.token.admin === true',
    });
    expect(read(r, 'anything/at/all', admin)).toBe(true);
    expect(write(r, { 'x/y': 1 }, admin)).toBe(true);
    expect(read(r, 'x', alice)).toBe(false);
    expect(read(r, 'x', user('eve', { admin: 'true' }))).toBe(false); // a string is not true
    expect(read(r, 'x', null)).toBe(false);
  });

  it('`now` windows', () => {
    const r = rules({
      slots: {
        $id: {
          '.write':
            "now >= root.child('windows/' + $id + '/opensAt').val() && now <= root.child('windows/' + $id + '/closesAt').val()",
        },
      },
    });
    const root = { windows: { s1: { opensAt: 1000, closesAt: 2000 } } };
    expect(write(r, { 'slots/s1': 1 }, alice, root, 999)).toBe(false);
    expect(write(r, { 'slots/s1': 1 }, alice, root, 1000)).toBe(true);
    expect(write(r, { 'slots/s1': 1 }, alice, root, 2000)).toBe(true);
    expect(write(r, { 'slots/s1': 1 }, alice, root, 2001)).toBe(false);
    expect(write(r, { 'slots/s2': 1 }, alice, root, 1500)).toBe(false); // no window: null comparison denies
  });
});

describe('.indexOn', () => {
  const r = rules({
    '.indexOn': '.value',
    users: {
      '.indexOn': ['info/score', 'name'],
      $uid: { challenges: { '.indexOn': 'createdAt' } },
    },
    leaderboard: { $period: { $bucket: { '.indexOn': ['points'] } } },
  });
  it.each([
    ['', ['.value']],
    ['users', ['info/score', 'name']],
    ['users/alice/challenges', ['createdAt']],
    ['users/alice', []],
    ['users/alice/challenges/c1', []],
    ['leaderboard/weekly/2024-W01', ['points']],
    ['nothing/here', []],
  ])('/%s → %j', (path, expected) => {
    expect(r.indexOn(p(path))).toEqual(expected);
  });

  it('returns a copy the caller may keep', () => {
    const list = r.indexOn(['users']);
    list.push('x');
    expect(r.indexOn(['users'])).toEqual(['info/score', 'name']);
  });
});

describe('.validate', () => {
  const profile = rules({
    users: {
      $uid: {
        '.write': 'auth.uid === $uid',
        '.validate': "newData.hasChildren(['name'])",
        name: {
          '.validate':
            'newData.isString() && newData.val().length > 0 && newData.val().length <= 20',
        },
        age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
        bio: { '.validate': 'newData.isString()' },
        tags: { $tag: { '.validate': 'newData.val() === true' } },
        $other: { '.validate': false },
      },
    },
  });
  const existing = { users: { alice: { name: 'Alice', age: 30 } } };

  it('runs on the written location', () => {
    expect(write(profile, { 'users/alice/name': 'Al' }, alice, existing)).toBe(true);
    expect(write(profile, { 'users/alice/name': 5 }, alice, existing)).toBe(false);
    expect(write(profile, { 'users/alice/name': '' }, alice, existing)).toBe(false);
    expect(write(profile, { 'users/alice/age': -1 }, alice, existing)).toBe(false);
  });

  it('runs on every descendant of the written value that has data', () => {
    expect(
      write(profile, { 'users/alice': { name: 'A', age: 1, tags: { x: true, y: true } } }, alice),
    ).toBe(true);
    expect(write(profile, { 'users/alice': { name: 'A', age: '1' } }, alice)).toBe(false);
    expect(
      write(profile, { 'users/alice': { name: 'A', tags: { x: true, y: 'yes' } } }, alice),
    ).toBe(false);
  });

  it('runs on ancestors with the merged new value there', () => {
    expect(write(profile, { 'users/alice/bio': 'hi' }, alice, existing)).toBe(true); // name already there
    expect(write(profile, { 'users/bob/bio': 'hi' }, bob, existing)).toBe(false); // bob has no name
    expect(write(profile, { 'users/bob/bio': 'hi', 'users/bob/name': 'Bob' }, bob, existing)).toBe(
      true,
    );
  });

  it('does not run where the new data is null: deletes skip it, ancestors that still exist do not', () => {
    expect(write(profile, { 'users/alice/age': null }, alice, existing)).toBe(true);
    expect(write(profile, { 'users/alice/name': null }, alice, existing)).toBe(false); // users/alice would lack a name
    expect(write(profile, { 'users/alice': null }, alice, existing)).toBe(true);
    const r = rules({ a: { '.write': true, '.validate': false } });
    expect(write(r, { a: null }, null, { a: 1 })).toBe(true);
    expect(write(r, { a: 2 }, null, { a: 1 })).toBe(false);
  });

  it('$other: false rejects unknown children when they are written', () => {
    expect(write(profile, { 'users/alice/evil': 1 }, alice, existing)).toBe(false);
    expect(write(profile, { 'users/alice': { name: 'A', evil: 1 } }, alice)).toBe(false);
    expect(write(profile, { 'users/alice/evil': null }, alice, existing)).toBe(true); // removing one is fine
    // A stray child that is not written is not checked; re-writing the whole node is.
    const stray = { users: { alice: { name: 'Alice', evil: 1 } } };
    expect(write(profile, { 'users/alice/name': 'Al' }, alice, stray)).toBe(true);
    expect(write(profile, { 'users/alice': { name: 'Al', evil: 1 } }, alice, stray)).toBe(false);
  });

  it('does not grant: a passing .validate without .write is still denied', () => {
    const r = rules({ a: { '.validate': true } });
    expect(write(r, { a: 1 }, alice)).toBe(false);
  });

  it('only runs for locations that receive data', () => {
    const r = rules({
      a: { '.write': true, b: { '.validate': false }, c: { '.validate': 'newData.isNumber()' } },
    });
    expect(write(r, { a: { c: 1 } }, null)).toBe(true);
    expect(write(r, { a: { b: 1 } }, null)).toBe(false);
    expect(write(r, { 'a/c': 1 }, null, { a: { b: 'left alone' } })).toBe(true);
  });

  it('reaches validates below levels that have no rules of their own', () => {
    const r = rules({
      '.write': true,
      a: { $x: { b: { $y: { c: { '.validate': 'newData.isBoolean()' } } } } },
    });
    expect(write(r, { a: { x1: { b: { y1: { c: true } } } } }, null)).toBe(true);
    expect(write(r, { a: { x1: { b: { y1: { c: true }, y2: { c: 'no' } } } } }, null)).toBe(false);
    expect(write(r, { '': { a: { x1: { b: { y1: { c: 1 } } } } } }, null)).toBe(false); // a set at the root
  });

  it('a root .validate sees the merged root', () => {
    const r = rules({ '.write': true, '.validate': "newData.hasChild('version')" });
    expect(write(r, { x: 1 }, null, { version: 1 })).toBe(true);
    expect(write(r, { x: 1 }, null, null)).toBe(false);
    expect(write(r, { x: 1, version: 2 }, null, null)).toBe(true);
  });

  it('uses data to allow create-only records', () => {
    const r = rules({
      subscribers: { $id: { '.write': true, '.validate': '!data.exists() && newData.exists()' } },
    });
    expect(write(r, { 'subscribers/s1': { email: 'a@b.co' } }, null)).toBe(true);
    expect(
      write(r, { 'subscribers/s1': { email: 'x@y.co' } }, null, {
        subscribers: { s1: { email: 'a@b.co' } },
      }),
    ).toBe(false);
  });

  it('every written path of a multi-path update is validated, all or nothing', () => {
    expect(
      write(profile, { 'users/alice/name': 'Al', 'users/alice/age': 31 }, alice, existing),
    ).toBe(true);
    expect(
      write(profile, { 'users/alice/name': 'Al', 'users/alice/age': 'x' }, alice, existing),
    ).toBe(false);
  });

  it('checks every one of 10,000 children under one node (its speed is measured in npm run bench)', () => {
    const r = rules({
      items: {
        '.write': true,
        $id: { '.validate': "newData.hasChildren(['n']) && newData.child('n').isNumber()" },
      },
    });
    const items: Record<string, JsonValue> = {};
    for (let i = 0; i < 10_000; i++) items[`k${i}`] = { n: i };
    expect(write(r, { items }, null)).toBe(true);
    for (let i = 0; i < 1000; i++)
      expect(
        r.canWrite({
          writes: [['items', 'k1']],
          auth: null,
          oldRoot: { items },
          newRoot: { items },
          now: 0,
        }),
      ).toBe(true);
    items.k5000 = { n: 'x' };
    expect(write(r, { items }, null)).toBe(false);
  });
});

describe('query-based read rules', () => {
  const r = rules({
    messages: { '.read': 'query.orderByKey && query.limitToFirst <= 100' },
    baskets: {
      '.read': "auth.uid != null && query.orderByChild == 'owner' && query.equalTo == auth.uid",
    },
    scores: {
      '.read':
        "query.orderByChild == 'points' && query.limitToLast != null && query.limitToLast <= 10",
      $uid: { '.read': 'auth.uid == $uid' },
    },
    open: { '.read': true },
  });
  const q = (
    path: string,
    auth: RulesAuth | null,
    query?: Parameters<CompiledDatabaseRules['canRead']>[0]['query'],
  ) => r.canRead({ path: p(path), auth, root: null, now: 0, query });

  it('allows only queries that satisfy the rule', () => {
    expect(q('messages', null, { orderByKey: true, limitToFirst: 100 })).toBe(true);
    expect(q('messages', null, { orderByKey: true, limitToFirst: 101 })).toBe(false);
    expect(q('messages', null, { orderByKey: true, limitToLast: 10 })).toBe(false);
    expect(q('messages', null, { orderByChild: 'ts', limitToFirst: 10 })).toBe(false);
    expect(q('messages', null)).toBe(false); // a plain read has no limit
  });

  it('lets a user query only their own records', () => {
    expect(q('baskets', alice, { orderByChild: 'owner', equalTo: 'alice' })).toBe(true);
    expect(q('baskets', alice, { orderByChild: 'owner', equalTo: 'bob' })).toBe(false);
    expect(q('baskets', alice, { orderByChild: 'owner' })).toBe(false);
    expect(q('baskets', null, { orderByChild: 'owner', equalTo: null })).toBe(false);
    expect(q('baskets', alice)).toBe(false);
  });

  it('cascades: a query rule above, a plain rule below', () => {
    expect(q('scores', null, { orderByChild: 'points', limitToLast: 3 })).toBe(true);
    expect(q('scores', null, { orderByChild: 'points', limitToLast: 30 })).toBe(false);
    expect(q('scores', null)).toBe(false);
    expect(q('scores/alice', alice)).toBe(true);
    expect(q('scores/alice', bob)).toBe(false);
    // the query is visible at every level of the cascade
    expect(q('scores/bob', alice, { orderByChild: 'points', limitToLast: 3 })).toBe(true);
  });

  it('rules that ignore query allow any query', () => {
    expect(q('open', null, { orderByValue: true, startAt: 1, endAt: 5 })).toBe(true);
    expect(q('open/x', null, { orderByPriority: true, equalTo: 'x', limitToFirst: 1000 })).toBe(
      true,
    );
  });
});

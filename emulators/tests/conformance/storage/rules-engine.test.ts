/**
 * The storage.rules engine on its own: language features, path matching, operations, default
 * deny, evaluation errors, and load-time errors for anything unsupported.
 */
import { describe, expect, it } from 'vitest';
import { StorageRuleset, type RulesRequest } from '../../../storage/rules/engine';

const wrap = (body: string, version = '2') => `rules_version = '${version}';
service firebase.storage {
  match /b/{bucket}/o {
${body}
  }
}`;

const alice = {
  uid: 'alice',
  token: { sub: 'alice', user_id: 'alice', email: 'a@x.io', admin: true, n: 3, tags: ['x', 'y'] },
};

function req(overrides: Partial<RulesRequest> = {}): RulesRequest {
  return {
    bucket: 'demo-bucket',
    objectPath: 'dir/file.jpg',
    operation: 'get',
    auth: alice,
    resource: null,
    requestResource: null,
    time: new Date('2025-06-15T12:30:00Z'),
    ...overrides,
  };
}

const incoming = (o: Record<string, unknown> = {}) => ({
  name: 'dir/file.jpg',
  bucket: 'demo-bucket',
  size: 1000,
  contentType: 'image/jpeg',
  md5Hash: 'abc==',
  metadata: { kind: 'meal', day: '2' },
  timeCreated: new Date('2025-06-15T12:30:00Z'),
  updated: new Date('2025-06-15T12:30:00Z'),
  ...o,
});

/** Evaluates `expr` as the condition of `allow get` on every path. */
function check(expr: string, overrides: Partial<RulesRequest> = {}): boolean {
  const rs = StorageRuleset.compile(wrap(`match /{path=**} { allow get: if ${expr}; }`));
  return rs.evaluate(req(overrides)).allowed;
}

function compileError(source: string): string {
  try {
    StorageRuleset.compile(source);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a compile error');
}

describe('operators and values', () => {
  it.each([
    ['1 + 2 == 3', true],
    ['7 / 2 == 3', true],
    ['-7 / 2 == -3', true],
    ['7 % 3 == 1', true],
    ['7.0 / 2 == 3.5', true],
    ['1 == 1.0', true],
    ['2 * 3 - 1 > 4', true],
    ['1 < 2 && 2 <= 2 && 3 >= 3 && 4 > 3 && 1 != 2', true],
    ["'ab' + 'cd' == 'abcd'", true],
    ["'a' < 'b'", true],
    ['[1, 2] + [3] == [1, 2, 3]', true],
    ["{'a': 1} == {'a': 1}", true],
    ["{'a': 1} != {'a': 2}", true],
    ['!false', true],
    ['true ? 1 == 1 : false', true],
    ['false ? true : 2 > 1', true],
    ['1 == "1"', false],
    ['null == null', true],
    ['2 in [1, 2, 3]', true],
    ["'k' in {'k': 1}", true],
    ["'z' in {'k': 1}", false],
    ['(1 + 2) * 3 == 9', true],
    ['1 + 2 * 3 == 7', true],
    ['0x10 == 16', true],
    ['1e3 == 1000', true],
  ])('%s → %s', (expr, expected) => {
    expect(check(expr)).toBe(expected);
  });

  it.each([
    ["'s' is string", true],
    ['1 is int', true],
    ['1.5 is float', true],
    ['1 is number && 1.5 is number', true],
    ['1 is float', false],
    ['true is bool', true],
    ['{} is map', true],
    ['[] is list', true],
    ['null is null', true],
    ['request.time is timestamp', true],
    ["duration.value(1, 's') is duration", true],
    ['request.auth is map', true],
    ['request.auth.token.n is int', true],
    ['request.auth.token.tags is list', true],
  ])('type check %s → %s', (expr, expected) => {
    expect(check(expr)).toBe(expected);
  });

  it('string, list and map methods', () => {
    expect(check("'abc'.size() == 3 && 'héllo'.size() == 5")).toBe(true);
    expect(check("'abc'.matches('b')")).toBe(false); // full match, RE2 semantics
    expect(check("'abc'.matches('.*b.*')")).toBe(true);
    expect(check("'image/png'.matches('image/(jpeg|png|webp)')")).toBe(true);
    expect(check("'image/svg+xml'.matches('image/(jpeg|png|webp)')")).toBe(false);
    expect(check("'IMAGE/PNG'.matches('(?i)image/png')")).toBe(true);
    expect(check("'AbC'.lower() == 'abc' && 'AbC'.upper() == 'ABC'")).toBe(true);
    expect(check("'a/b/c'.split('/') == ['a', 'b', 'c']")).toBe(true);
    expect(check("'  x '.trim() == 'x'")).toBe(true);
    expect(check("'a-b-c'.replace('-', '+') == 'a+b+c'")).toBe(true);
    expect(check("'hello'[1:3] == 'el'")).toBe(true);
    expect(check('[1, 2, 3].size() == 3')).toBe(true);
    expect(check("{'a': 1, 'b': 2}.size() == 2")).toBe(true);
    expect(check("{'a': 1}.keys() == ['a'] && {'a': 1}.values() == [1]")).toBe(true);
    expect(check("{'a': {'b': 5}}.get(['a', 'b'], 0) == 5 && {'a': 1}.get('z', 7) == 7")).toBe(
      true,
    );
    expect(
      check('[1, 2, 3].hasAll([1, 3]) && [1, 2].hasAny([2, 9]) && [1, 2].hasOnly([1, 2, 3])'),
    ).toBe(true);
    expect(check("['a', 'b'].join(',') == 'a,b'")).toBe(true);
    expect(check('[1, 2, 3].removeAll([2]) == [1, 3] && [1].concat([2]) == [1, 2]')).toBe(true);
    expect(check('[10, 20][1] == 20')).toBe(true);
    expect(check("int('42') == 42 && float(1) == 1.0 && string(12) == '12' && int(2.9) == 2")).toBe(
      true,
    );
    expect(check('math.abs(-3) == 3 && math.floor(2.7) == 2 && math.ceil(2.1) == 3')).toBe(true);
  });

  it('time: request.time, durations and timestamps', () => {
    expect(
      check(
        'request.time > timestamp.date(2025, 6, 15) && request.time < timestamp.date(2025, 6, 16)',
      ),
    ).toBe(true);
    expect(
      check('request.time.year() == 2025 && request.time.month() == 6 && request.time.day() == 15'),
    ).toBe(true);
    expect(check('request.time.hours() == 12 && request.time.minutes() == 30')).toBe(true);
    expect(check("request.time + duration.value(1, 'd') > request.time")).toBe(true);
    expect(check("request.time - timestamp.date(2025, 6, 15) == duration.value(750, 'm')")).toBe(
      true,
    );
    expect(check('request.time.toMillis() == 1749990600000')).toBe(true);
    expect(check('request.time == timestamp.value(1749990600000)')).toBe(true);
    expect(
      check("request.time < request.resource.timeCreated + duration.value(1, 'h')", {
        requestResource: incoming(),
      }),
    ).toBe(true);
  });

  it('logical operators short-circuit and absorb errors only when the other side decides', () => {
    // request.auth is null for these: request.auth.uid is an evaluation error.
    const anon = { auth: null };
    expect(check('false && request.auth.uid == "x"', anon)).toBe(false);
    expect(check('true || request.auth.uid == "x"', anon)).toBe(true);
    expect(check('request.auth.uid == "x" || true', anon)).toBe(true);
    expect(check('request.auth.uid == "x" && false', anon)).toBe(false);
    expect(check('request.auth.uid == "x" && true', anon)).toBe(false); // error → denied
    expect(check('!(request.auth.uid == "x")', anon)).toBe(false);
  });

  it('errors deny: missing fields, bad types, overflow, division by zero, non-bool conditions', () => {
    expect(check('request.auth.token.missing == 1')).toBe(false);
    expect(check('request.auth.token.missing != 1')).toBe(false);
    expect(check("1 + 'a' == 1")).toBe(false);
    expect(check('9223372036854775807 + 1 > 0')).toBe(false);
    expect(check('1 / 0 == 0')).toBe(false);
    expect(check('1')).toBe(false);
    expect(check("'a' < 1")).toBe(false);
    expect(check('[1][5] == 1')).toBe(false);
    const rs = StorageRuleset.compile(
      wrap(`match /{path=**} { allow get: if request.auth.token.missing; }`),
    );
    const decision = rs.evaluate(req());
    expect(decision.allowed).toBe(false);
    expect(decision.errors.join()).toMatch(/missing/);
  });
});

describe('paths and operations', () => {
  const rules = StorageRuleset.compile(
    wrap(`
    match /users/{uid}/{file} {
      allow read: if request.auth.uid == uid;
      allow write: if request.auth.uid == uid && file.matches('.*\\\\.png');
    }
    match /public/{rest=**} {
      allow get: if rest == 'a/b/c.txt' || rest == 'x.txt';
      allow list: if rest == '' || rest == 'a';
      allow create: if bucket == 'demo-bucket' && request.path == '/b/demo-bucket/o/public/' + rest;
    }
    match /nested/{a} {
      match /{b} {
        allow delete: if a == 'one' && b == 'two';
      }
      match /deep/{c=**} {
        allow update: if a + '/' + c == 'x/y/z';
      }
    }
    match /split/{id} {
      allow get: if true;
    }
    match /split/{id} {
      allow update: if true;
    }`),
  );
  const ev = (
    objectPath: string,
    operation: RulesRequest['operation'],
    extra: Partial<RulesRequest> = {},
  ) =>
    rules.evaluate(
      req({
        objectPath,
        operation,
        requestResource: operation === 'create' || operation === 'update' ? incoming() : null,
        ...extra,
      }),
    ).allowed;

  it('binds {var} to one segment and checks read = get + list, write = create + update + delete', () => {
    expect(ev('users/alice/p.png', 'get')).toBe(true);
    expect(ev('users/alice', 'list')).toBe(false); // {file} needs a segment
    expect(ev('users/bob/p.png', 'get')).toBe(false);
    expect(ev('users/alice/p.png', 'create')).toBe(true);
    expect(ev('users/alice/p.png', 'update')).toBe(true);
    expect(ev('users/alice/p.png', 'delete')).toBe(true);
    expect(ev('users/alice/p.jpg', 'create')).toBe(false);
    expect(ev('users/alice/sub/p.png', 'get')).toBe(false);
  });

  it('binds {var=**} to the remaining path, zero or more segments in version 2', () => {
    expect(ev('public/a/b/c.txt', 'get')).toBe(true);
    expect(ev('public/x.txt', 'get')).toBe(true);
    expect(ev('public/y.txt', 'get')).toBe(false);
    expect(ev('public', 'list')).toBe(true);
    expect(ev('public/a', 'list')).toBe(true);
    expect(ev('public/new.txt', 'create')).toBe(true);
    expect(ev('public/new.txt', 'create', { bucket: 'other-bucket' })).toBe(false);
    expect(ev('public/new.txt', 'update')).toBe(false);
  });

  it('nests match blocks; allows only apply when the full path matches', () => {
    expect(ev('nested/one/two', 'delete')).toBe(true);
    expect(ev('nested/one/three', 'delete')).toBe(false);
    expect(ev('nested/one', 'delete')).toBe(false);
    expect(ev('nested/x/deep/y/z', 'update')).toBe(true);
    expect(ev('nested/x/deep/y', 'update')).toBe(false);
  });

  it('ORs allows of every matching block and denies by default', () => {
    expect(ev('split/1', 'get')).toBe(true);
    expect(ev('split/1', 'update')).toBe(true);
    expect(ev('split/1', 'delete')).toBe(false);
    expect(ev('unmatched/file', 'get')).toBe(false);
    expect(StorageRuleset.compile(wrap('')).evaluate(req()).allowed).toBe(false);
  });

  it('version 1 recursive wildcards need at least one segment', () => {
    const body = 'match /p/{rest=**} { allow list: if true; }';
    const v1 = StorageRuleset.compile(wrap(body, '1'));
    const v2 = StorageRuleset.compile(wrap(body, '2'));
    expect(v1.evaluate(req({ objectPath: 'p', operation: 'list' })).allowed).toBe(false);
    expect(v2.evaluate(req({ objectPath: 'p', operation: 'list' })).allowed).toBe(true);
    expect(v1.evaluate(req({ objectPath: 'p/q', operation: 'list' })).allowed).toBe(true);
  });

  it('an allow without condition always allows', () => {
    const rs = StorageRuleset.compile(wrap('match /{p=**} { allow read; }'));
    expect(rs.evaluate(req({ auth: null })).allowed).toBe(true);
    expect(rs.evaluate(req({ operation: 'create' })).allowed).toBe(false);
  });
});

describe('functions and request data', () => {
  const rules = StorageRuleset.compile(`rules_version = '2';
service firebase.storage {
  function signedIn() { return request.auth != null; }
  match /b/{bucket}/o {
    function isOwner(uid) {
      let me = request.auth.uid;
      let same = me == uid;
      return signedIn() && same;
    }
    function isImage(maxMB) {
      return request.resource.contentType.matches('image/(jpeg|png|webp)')
        && request.resource.size < maxMB * 1024 * 1024;
    }
    function loop(n) { return loop(n + 1); }
    match /Challenge/{uid}/{cid}/{file} {
      function inOwnFolder() { return isOwner(uid); }
      allow read: if signedIn();
      allow create: if inOwnFolder() && isImage(5) && resource == null
        && request.resource.metadata.kind == 'meal'
        && request.resource.name == 'Challenge/' + uid + '/' + cid + '/' + file;
      allow update: if inOwnFolder() && resource.size > 0 && request.resource.md5Hash != resource.md5Hash;
      allow delete: if inOwnFolder();
    }
    match /claims/{file} {
      allow get: if request.auth.token.admin == true && request.auth.token.email.matches('.*@x[.]io');
      allow list: if loop(0);
    }
  }
}`);
  const at = (
    objectPath: string,
    operation: RulesRequest['operation'],
    extra: Partial<RulesRequest> = {},
  ) => rules.evaluate(req({ objectPath, operation, ...extra })).allowed;

  it('owner-only image writes with size caps, custom metadata and resource', () => {
    const path = 'Challenge/alice/c1/Day1-lunch.jpg';
    expect(at(path, 'create', { requestResource: incoming({ name: path }) })).toBe(true);
    expect(
      at(path, 'create', { requestResource: incoming({ name: path, size: 5 * 1024 * 1024 }) }),
    ).toBe(false);
    expect(
      at(path, 'create', {
        requestResource: incoming({ name: path, contentType: 'image/svg+xml' }),
      }),
    ).toBe(false);
    expect(at(path, 'create', { requestResource: incoming({ name: path, metadata: {} }) })).toBe(
      false,
    );
    expect(
      at(path, 'create', {
        requestResource: incoming({ name: path }),
        auth: { uid: 'bob', token: {} },
      }),
    ).toBe(false);
    expect(at(path, 'create', { requestResource: incoming({ name: path }), auth: null })).toBe(
      false,
    );
    expect(
      at(path, 'create', {
        requestResource: incoming({ name: path }),
        resource: incoming({ name: path }),
      }),
    ).toBe(false);
    expect(
      at(path, 'update', { requestResource: incoming({ md5Hash: 'new' }), resource: incoming() }),
    ).toBe(true);
    expect(at(path, 'update', { requestResource: incoming(), resource: incoming() })).toBe(false);
    expect(at(path, 'delete')).toBe(true);
    expect(at('Challenge/bob/c1/x.jpg', 'delete')).toBe(false);
    expect(at('Challenge/bob/c1/x.jpg', 'get')).toBe(true);
    expect(at('Challenge/bob/c1/x.jpg', 'get', { auth: null })).toBe(false);
  });

  it('custom claims from the token; runaway recursion is an error, so denied', () => {
    expect(at('claims/f', 'get')).toBe(true);
    expect(
      at('claims/f', 'get', { auth: { uid: 'bob', token: { admin: false, email: 'b@x.io' } } }),
    ).toBe(false);
    expect(at('claims/f', 'get', { auth: { uid: 'bob', token: { email: 'b@x.io' } } })).toBe(false);
    expect(at('claims', 'list')).toBe(false);
    const d = rules.evaluate(req({ objectPath: 'claims/f', operation: 'list' }));
    expect(d.allowed).toBe(false);
  });
});

describe('load-time errors name what is unsupported', () => {
  it.each([
    [wrap('match /{p=**} { allow read: if exists(/databases/x); }'), /path literals|exists/],
    [
      wrap('match /{p=**} { allow read: if firestore.get(/databases/x).data.a == 1; }'),
      /firestore|path literals/,
    ],
    [wrap("match /{p=**} { allow read: if get('x'); }"), /get\(\) .*not supported/],
    [wrap('match /{p=**} { allow read: if nosuchvar == 1; }'), /unknown variable nosuchvar/],
    [wrap('match /{p=**} { allow read: if nofn(); }'), /unknown function nofn\(\)/],
    [
      wrap("match /{p=**} { allow read: if 'a'.startsWith('a'); }"),
      /method startsWith\(\) is not supported/,
    ],
    [wrap('match /{p=**} { allow read: if 1 is latlng; }'), /type latlng is not supported/],
    [wrap("match /{p=**} { allow read: if 'a'.matches('(a)\\\\1'); }"), /backreferences/],
    [wrap('match /{p=**} { allow read: if math.cbrt(8) == 2; }'), /math.cbrt\(\) is not supported/],
    [wrap('match /{p=**} { allow raed: if true; }'), /unknown operation "raed"/],
    [wrap('match /{p=**} { allow read: if true }'), /expected ";"/],
    [
      wrap('match /{p=**}/x { allow read; }'),
      /recursive wildcard \{p=\*\*\} must be the last segment/,
    ],
    [wrap('match /$(x)/y { allow read; }'), /path interpolation/],
    [wrap('match /a*b { allow read; }'), /wildcard "a\*b" is not supported/],
    [wrap('function f(a) { return a; } match /{p=**} { allow read: if f(); }'), /takes 1 argument/],
    [wrap('match /{p=**} { deny read; }'), /unexpected "deny"/],
    ["rules_version = '3'; service firebase.storage {}", /unsupported rules_version/],
    ['service cloud.firestore { }', /unsupported service "cloud.firestore"/],
    ['service firebase.storage { allow read; }', /unexpected "allow" in service block/],
    [
      'service firebase.storage { match /b/{bucket}/o { allow read: if "unterminated; } }',
      /unterminated string/,
    ],
  ])('%#', (source, message) => {
    const err = compileError(source);
    expect(err).toMatch(message);
    expect(err).toMatch(/^storage\.rules:\d+:\d+: /);
  });

  it('reports the line and column', () => {
    const err = compileError(
      wrap('match /{p=**} {\n  allow read: if request.auth.uid == bogus;\n}'),
    );
    expect(err).toMatch(/^storage\.rules:5:38: unknown variable bogus$/);
  });

  it('accepts comments, raw strings, trailing commas and a missing rules_version (version 1)', () => {
    const rs = StorageRuleset.compile(`
      // line comment
      /* block
         comment */
      service firebase.storage {
        match /b/{bucket}/o {
          match /{p=**} { allow get: if r'a\\d' == 'a\\\\d' && [1, 2,].size() == 2 && {'a': 1,}.size() == 1; }
        }
      }`);
    expect(rs.evaluate(req()).allowed).toBe(true);
  });
});

// Rule expressions: compile-time checks and evaluation (operators, variables, snapshot and
// string methods), as the real RTDB evaluates them. Evaluation errors deny.
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../database/rules/errors';
import { compileCondition } from '../../database/rules/evaluate';
import { queryValues, type RuleKind } from '../../database/rules/rule-env';
import { RuleSnapshot } from '../../database/rules/snapshot';
import type { JsonValue, RulesAuth, RulesQuery } from '../../database/rules/types';

const alice: RulesAuth = {
  uid: 'alice',
  provider: 'password',
  token: {
    sub: 'alice',
    email: 'alice@example.com',
    email_verified: true,
    admin: true,
    level: 3,
    roles: ['editor', 'viewer'],
    firebase: { sign_in_provider: 'password' },
  },
};

const ROOT: JsonValue = {
  users: {
    alice: { name: 'Alice', age: 30, admin: true, tags: { a: true, b: true } },
    bob: { name: 'Bob', age: 17 },
  },
  str: 'hello world',
  num: 42,
  flag: false,
  empty: {},
  wrapped: { '.value': 'inner', '.priority': 5 },
  list: ['x', 'y'],
};

interface Options {
  kind?: RuleKind;
  auth?: RulesAuth | null;
  root?: JsonValue;
  newRoot?: JsonValue;
  path?: string[];
  vars?: Record<string, string>;
  query?: RulesQuery;
  now?: number;
}

function run(source: string | boolean, o: Options = {}): boolean {
  const kind = o.kind ?? 'write';
  const vars = o.vars ?? {};
  const cond = compileCondition(source, {
    kind,
    vars: new Set(Object.keys(vars)),
    location: '/test/.rule',
  });
  const root = o.root === undefined ? ROOT : o.root;
  const path = o.path ?? [];
  return cond({
    auth: o.auth === undefined ? alice : o.auth,
    now: o.now ?? 1_700_000_000_000,
    root: RuleSnapshot.at(root, []),
    data: RuleSnapshot.at(root, path),
    newData:
      kind === 'read' ? null : RuleSnapshot.at(o.newRoot === undefined ? root : o.newRoot, path),
    query: kind === 'read' ? queryValues(o.query) : null,
    vars,
  });
}

function compileError(source: string, kind: RuleKind = 'write', vars: string[] = []): string {
  try {
    compileCondition(source, { kind, vars: new Set(vars), location: '/test/.rule' });
  } catch (e) {
    expect(e).toBeInstanceOf(RulesError);
    return (e as Error).message;
  }
  throw new Error(`expected "${source}" not to compile`);
}

describe('rule expressions: operators', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['!false', true],
    ['!!true', true],
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 > 2', true],
    ['2 >= 3', false],
    ["'abc' < 'abd'", true],
    ["'b' > 'abc'", true],
    ['1 + 2 == 3', true],
    ['7 - 10 == -3', true],
    ['2 * 3 == 6', true],
    ['7 / 2 == 3.5', true],
    ['7 % 4 == 3', true],
    ['-(2) == -2', true],
    ['1 + 2 * 3 == 7', true],
    ['(1 + 2) * 3 == 9', true],
    ["'a' + 'b' == 'ab'", true],
    ["'n' + 1 == 'n1'", true],
    ["1 + 'n' == '1n'", true],
    ["1 + 2 + 'x' == '3x'", true],
    ["(1 / 0) + '' == 'NaN'", true], // division by zero is NaN on the real service
    ['1 / 0 > 2', false],
    ['1 / 0 < 2', false],
    ['1 == 1 && 2 == 2', true],
    ['1 == 2 || 2 == 2', true],
    ['1 == 2 || 2 == 3', false],
    ['true ? true : false', true],
    ['false ? true : 1 == 1', true],
    ["1 == '1'", false], // no coercion
    ["1 != '1'", true],
    ['1 === 1', true],
    ['null == null', true],
    ['false == null', false],
    ["'a' !== 'a'", false],
    ["'x\\'y' == \"x'y\"", true],
  ])('%s → %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('short-circuits && and || (the right side is not evaluated)', () => {
    expect(run("false && root.child('x').val().length > 1")).toBe(false);
    expect(run("true || root.child('x').val().length > 1")).toBe(true);
    expect(run('auth == null || auth.uid == "alice"', { auth: null })).toBe(true);
  });

  it.each([
    // type errors at run time deny the whole rule, even under a negation
    ["root.child('str').val() - 1 == 0"],
    ["root.child('str').val() * 2 == 0"],
    ["-root.child('str').val() == 0"],
    ["root.child('flag').val() + 1 == 1"],
    ["root.child('missing').val() + 1 == 1"],
    ["root.child('num').val() < 'a'"],
    ["!(root.child('num').val() < 'a')"],
    ["root.child('missing').val() > 1"],
    ["!root.child('str').val()"],
    ["root.child('str').val() && true"],
    ["true && root.child('num').val()"],
    ["root.child('str').val() ? true : true"],
    ["root.child('num').val()"], // a rule that is not a boolean
    ["root.child('str').val().length > 0 ? root.child('num').val() : true"],
  ])('%s denies (evaluation error)', (source) => {
    expect(run(source)).toBe(false);
  });
});

describe('rule expressions: variables', () => {
  it('auth exposes uid, provider and token claims, including custom claims', () => {
    expect(run("auth.uid == 'alice'")).toBe(true);
    expect(run("auth.provider == 'password'")).toBe(true);
    expect(run('auth.token.admin === true')).toBe(true);
    expect(
      run("auth.token.email == 'alice@example.com' && auth.token.email_verified == true"),
    ).toBe(true);
    expect(run("auth.token.firebase.sign_in_provider == 'password'")).toBe(true);
    expect(run("auth.token['firebase']['sign_in_provider'] == 'password'")).toBe(true);
    expect(run("auth.token.roles[0] == 'editor'")).toBe(true);
    expect(run('auth.token.level >= 3')).toBe(true);
    expect(run('auth.token[$claim] == true', { vars: { $claim: 'admin' } })).toBe(true);
  });

  it('a missing claim is null, and reaching into it is an evaluation error', () => {
    const bob: RulesAuth = { uid: 'bob', provider: 'anonymous', token: {} };
    expect(run('auth.token.admin == null', { auth: bob })).toBe(true);
    expect(run('auth.token.admin === true', { auth: bob })).toBe(false);
    expect(run('auth.token.admin !== true', { auth: bob })).toBe(true);
    expect(run('auth.token.admin.x == null', { auth: bob })).toBe(false);
    expect(run("auth.token.email.contains('@')", { auth: bob })).toBe(false);
    expect(run("!auth.token.email.contains('@')", { auth: bob })).toBe(false);
  });

  it('signed out: auth is null, auth.uid is null, auth.token.x is an error', () => {
    expect(run('auth == null', { auth: null })).toBe(true);
    expect(run('auth != null', { auth: null })).toBe(false);
    expect(run("auth.uid !== 'eviluser'", { auth: null })).toBe(true); // as the real service
    expect(run('auth.uid == null', { auth: null })).toBe(true);
    expect(run('auth.token.admin === true', { auth: null })).toBe(false);
    expect(run('auth.token.admin !== true', { auth: null })).toBe(false);
    expect(run("root.child('users/' + auth.uid).exists() == false", { auth: null })).toBe(false);
  });

  it('now is the request time in ms', () => {
    expect(run('now == 1000', { now: 1000 })).toBe(true);
    expect(run('now > 999 && now < 1001', { now: 1000 })).toBe(true);
  });

  it('$wildcards are strings bound from the path', () => {
    expect(run("$uid == 'alice' && $uid.length == 5", { vars: { $uid: 'alice' } })).toBe(true);
    expect(
      run("root.child('users/' + $uid + '/name').val() == 'Bob'", { vars: { $uid: 'bob' } }),
    ).toBe(true);
  });

  it('root, data and newData are snapshots of the old tree, the location, and the location after the write', () => {
    const newRoot: JsonValue = { users: { alice: { name: 'Alicia' } } };
    const o = { path: ['users', 'alice', 'name'], newRoot };
    expect(run("data.val() == 'Alice' && newData.val() == 'Alicia'", o)).toBe(true);
    expect(run("root.child('users/alice/name').val() == 'Alice'", o)).toBe(true);
    expect(run("newData.parent().child('age').exists() == false", o)).toBe(true);
    expect(run("data.parent().child('age').val() == 30", o)).toBe(true);
    expect(run("newData.parent().parent().parent().child('str').exists() == false", o)).toBe(true);
  });
});

describe('rule expressions: snapshot methods', () => {
  const at = (path: string) => ({ path: path ? path.split('/') : [] });
  it.each([
    ["root.child('users').child('alice').child('name').val() == 'Alice'", ''],
    ["root.child('users/alice/name').val() == 'Alice'", ''],
    ["root.child('/users//alice/').child('age').val() == 30", ''],
    ["data.child('name').val() == 'Bob'", 'users/bob'],
    ["data.child('nope').val() == null", 'users/bob'],
    ["data.child('nope/deeper/still').exists() == false", 'users/bob'],
    ["data.child('name/first').exists() == false", 'users/bob'],
    ["data.parent().child('alice/age').val() == 30", 'users/bob'],
    ['data.exists()', 'users/bob'],
    ["root.child('empty').exists() == false", ''],
    ["root.child('flag').exists()", ''],
    ["root.hasChild('users/alice/tags/a')", ''],
    ["root.hasChild('users/alice/tags/c') == false", ''],
    ['root.hasChildren()', ''],
    ["root.child('str').hasChildren() == false", ''],
    ["root.child('empty').hasChildren() == false", ''],
    ["data.hasChildren(['name', 'age'])", 'users/bob'],
    ["data.hasChildren(['name', 'age', 'admin']) == false", 'users/bob'],
    ["root.hasChildren(['users/alice/tags/a', 'users/alice/tags/b'])", ''],
    ["root.child('str').isString() && !root.child('str').isNumber()", ''],
    ["root.child('num').isNumber() && !root.child('num').isBoolean()", ''],
    ["root.child('flag').isBoolean() && root.child('flag').val() == false", ''],
    ["root.child('missing').isString() == false", ''],
    ["root.child('users').isString() == false", ''],
    ["root.child('str').getPriority() == null", ''],
    ["root.child('wrapped').val() == 'inner' && root.child('wrapped').getPriority() == 5", ''],
    ["root.child('list/1').val() == 'y'", ''],
    ["root.child('users/constructor').exists() == false", ''], // no prototype leaks
    ["root.child('users/alice/name/length').exists() == false", ''],
    ["root.child('users/a.b').exists() == false", ''],
  ])('%s (at /%s)', (source, path) => {
    expect(run(source, at(path))).toBe(true);
  });

  it('val() of a node with children is opaque: never equal to anything, not even itself', () => {
    expect(run("root.child('users').val() != null")).toBe(true);
    expect(run("root.child('users').val() == null")).toBe(false);
    expect(run("root.child('users').val() == root.child('users').val()")).toBe(false);
    expect(run("root.child('users').val().length > 0")).toBe(false);
    expect(run("root.child('users').val() + '' == ''")).toBe(false);
  });

  it('evaluation errors in snapshot methods deny', () => {
    expect(run('root.parent().exists()')).toBe(false); // the root has no parent
    expect(run('!root.parent().exists()')).toBe(false);
    expect(run("root.child(root.child('num').val()).exists() == false")).toBe(false);
    expect(run("root.child(root.child('missing').val()).exists() == false")).toBe(false);
    expect(run("root.hasChild(root.child('num').val()) == false")).toBe(false);
    expect(run('root.hasChildren([auth.uid]) == false', { auth: null })).toBe(false);
  });
});

describe('rule expressions: string members', () => {
  it.each([
    ["'hello'.length == 5", true],
    ["''.length == 0", true],
    ["root.child('str').val().length == 11", true],
    ["'hello world'.contains('o w')", true],
    ["'hello'.contains('z')", false],
    ["'hello'.beginsWith('he')", true],
    ["'hello'.beginsWith('lo')", false],
    ["'hello'.endsWith('lo')", true],
    ["'hello'.endsWith('he')", false],
    ["'a.b.c'.replace('.', '_') == 'a_b_c'", true], // all occurrences
    ["'a$&b'.replace('$&', '$1') == 'a$1b'", true], // no $ patterns
    ["'MiXeD'.toLowerCase() == 'mixed'", true],
    ["'MiXeD'.toUpperCase() == 'MIXED'", true],
    ["'abc123'.matches(/^[a-z]+[0-9]+$/)", true],
    ["'ABC'.matches(/^[a-z]+$/)", false],
    ["'ABC'.matches(/^[a-z]+$/i)", true],
    ["'x@y.io'.matches(/^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/)", true],
    ["'a/b'.matches(/a\\/b/)", true],
    ["'ab'.matches(/b/)", true], // unanchored: a match anywhere
    ["root.child('str').val().matches(/^hello/)", true],
    ["auth.token.email.endsWith('@example.com')", true],
    ["auth.uid.toUpperCase().beginsWith('ALI')", true],
    ["'hello'['contains']('ell')", true],
  ])('%s → %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ["root.child('num').val().contains('4')"],
    ["root.child('missing').val().length == 0"],
    ["'foo1'.contains(root.child('num').val())"],
    ["'foo'.beginsWith(root.child('missing').val())"],
    ["'foo'.replace(root.child('num').val(), 'x') == 'foo'"],
    ["root.child('num').val().matches(/4/)"],
    ["root.child('flag').val().toUpperCase() == 'FALSE'"],
  ])('%s denies (not a string)', (source) => {
    expect(run(source)).toBe(false);
  });
});

describe('rule expressions: query variable (read rules)', () => {
  const read = (source: string, query?: RulesQuery) => run(source, { kind: 'read', query });
  it('a plain read is ordered by key with no filters', () => {
    expect(
      read(
        'query.orderByKey == true && query.orderByValue == false && query.orderByPriority == false',
      ),
    ).toBe(true);
    expect(
      read(
        'query.orderByChild == null && query.startAt == null && query.endAt == null && query.equalTo == null',
      ),
    ).toBe(true);
    expect(read('query.limitToFirst == null && query.limitToLast == null')).toBe(true);
  });

  it('exposes each query parameter', () => {
    expect(
      read("query.orderByChild == 'owner' && query.equalTo == 'alice'", {
        orderByChild: 'owner',
        equalTo: 'alice',
      }),
    ).toBe(true);
    expect(
      read('query.orderByKey && query.limitToFirst <= 100', { orderByKey: true, limitToFirst: 50 }),
    ).toBe(true);
    expect(
      read('query.orderByKey && query.limitToFirst <= 100', {
        orderByKey: true,
        limitToFirst: 500,
      }),
    ).toBe(false);
    expect(read('query.orderByKey && query.limitToFirst <= 100', { orderByKey: true })).toBe(false); // null <= 100: error
    expect(
      read('query.orderByValue && query.startAt == 3 && query.endAt == 9', {
        orderByValue: true,
        startAt: 3,
        endAt: 9,
      }),
    ).toBe(true);
    expect(
      read('query.orderByPriority && query.limitToLast == 10', {
        orderByPriority: true,
        limitToLast: 10,
      }),
    ).toBe(true);
    expect(read('query.orderByKey == false', { orderByChild: 'score' })).toBe(true);
  });

  it('a filtered query without orderBy uses the default (priority) index', () => {
    expect(read('query.orderByPriority && !query.orderByKey', { limitToFirst: 5 })).toBe(true);
  });
});

describe('rule expressions: compile-time errors name the unsupported thing', () => {
  it.each([
    ['skies === "blue"', "unknown variable 'skies'"],
    ['undefined == null', "unknown variable 'undefined'"],
    ['Math.max(1, 2) == 2', "unknown variable 'Math'"],
    ["$color == 'red'", "unknown variable '$color' (no $color wildcard on this rule's path)"],
    ['foo()', "unsupported function 'foo()'"],
    ['auth.foo()', "unsupported method 'foo()'"],
    [
      'auth.admin == true',
      "unknown property 'auth.admin' (auth has uid, provider and token; custom claims are auth.token.admin)",
    ],
    ['auth.token.isAdmin() == true', 'isAdmin()'],
    ['data.forEach() == true', "unsupported method 'forEach()'"],
    ["auth.uid.split(',') == null", "unsupported method 'split()'"],
    ['data.val().notFound == false', "no property 'notFound'"],
    ['data.val == null', "'val' is a method and must be called"],
    ["'x'.contains == null", "'contains' is a method and must be called"],
    ['data.name == null', "snapshots have no property 'name' (use child('name'))"],
    ["data.child('x') != null", 'a snapshot cannot be compared'],
    ['data == newData', 'a snapshot cannot be compared'],
    ["data.contains('x')", 'contains() is a string method, not available on a snapshot'],
    ['auth.uid.exists()', 'exists() is a snapshot method, not available on a string'],
    ['now.exists()', 'exists() is a snapshot method, not available on a number'],
    ['now.length > 1', "'length' must be a string or object, not a number"],
    ['7', 'a rule must evaluate to a boolean, but this is a number'],
    ["'foo'", 'a rule must evaluate to a boolean, but this is a string'],
    ['data', 'a rule must evaluate to a boolean, but this is a snapshot'],
    ["auth.uid == 'a' ? 7 : true", 'a rule must evaluate to a boolean, but this is a number'],
    ['data.val() > true', "the right operand of '>' must be a number or string, not a boolean"],
    ['data > 1', "the left operand of '>' must be a number or string, not a snapshot"],
    ['data + 1 == 1', "the left operand of '+' must be a number or string, not a snapshot"],
    ["'a' - 1 == 0", "the left operand of '-' must be a number"],
    ['!now', "the operand of '!' must be a boolean, not a number"],
    ["-'a' == 0", "the operand of unary '-' must be a number"],
    ['auth && true', "the left operand of '&&' must be a boolean"],
    ['1 ? true : false', 'the condition of ?: must be a boolean'],
    ['data.child(1).exists()', 'argument 1 of child() must be a string, not a number'],
    ['data.child().exists()', 'child() takes 1 argument, got 0'],
    ["data.exists('x')", 'exists() takes 0 arguments, got 1'],
    ["data.hasChildren('a', 'b')", 'hasChildren() takes 0 to 1 argument'],
    ["data.hasChildren('a')", 'hasChildren() takes an array literal'],
    ['data.hasChildren([])', 'hasChildren() needs a non-empty array'],
    [
      "data.hasChildren(['a', 7])",
      'each name given to hasChildren() must be a string, not a number',
    ],
    ['auth.uid.contains(7)', 'argument 1 of contains() must be a string, not a number'],
    ["auth.uid.replace('a') == 'b'", 'replace() takes 2 arguments, got 1'],
    ["auth.uid.matches('/a/')", 'matches() takes a regular expression literal'],
    ['auth.uid.matches(/a/g)', "unsupported regular expression flags 'g' (only 'i' is allowed)"],
    ['auth.uid.matches(/a/ig)', "unsupported regular expression flags 'ig'"],
    ['auth.uid.matches(/(a)\\1/)', "unsupported regular expression escape '\\1'"],
    ['auth.uid.matches(/\\bword/)', "unsupported regular expression escape '\\b'"],
    ['auth.uid.matches(/a(?=b)/)', "unsupported regular expression group '(?'"],
    ['auth.uid.matches(/a^b/)', "'^' is only allowed at the start"],
    ['auth.uid.matches(/a$b/)', "'$' is only allowed at the end"],
    ['auth.uid.matches(/a(/)', 'invalid regular expression'],
    ['/a/ == null', 'a regular expression is only allowed as the argument of matches()'],
    ["['a'] == null", 'an array literal is only allowed as the argument of hasChildren()'],
    ["root['exi' + 'sts']()", 'only methods can be called'],
    [
      'data[$x] == null',
      'computed property access [...] is only allowed on auth.token claims, not on a snapshot',
    ],
    ['auth.uid = 1', "unsupported operator '='"],
    ['function() { return true }', "unsupported keyword 'function'"],
  ])('%s', (source, message) => {
    expect(compileError(source)).toContain(message);
  });

  it('newData is not available in .read rules, query only in .read rules', () => {
    expect(compileError('newData.exists()', 'read')).toContain(
      "'newData' is not available in .read rules",
    );
    expect(compileError('query.orderByKey', 'write')).toContain(
      "'query' is only available in .read rules, not in .write",
    );
    expect(compileError('query.orderByKey', 'validate')).toContain('not in .validate');
  });

  it('query has only the documented properties and is not a value', () => {
    expect(compileError('query == null', 'read')).toContain("'query' cannot be compared");
    expect(compileError('query.foo == 1', 'read')).toContain("unknown property 'query.foo'");
    expect(compileError('query.orderByKey()', 'read')).toContain(
      "unsupported method 'orderByKey()'",
    );
  });

  it('errors say where the rule is', () => {
    expect(compileError('nope == 1')).toMatch(
      /^\/test\/\.rule: unknown variable 'nope' \(at column 1 of "nope == 1"\)/,
    );
  });

  it('accepts what the real service accepts', () => {
    for (const source of [
      "auth.token.roles[0] == 'x'",
      'auth.token.email.length > 3',
      'auth.token.email.matches(/.*@example[.]com$/)',
      "root['exists']()",
      'data.val().matches(/^\\$\\d+$/)',
      'newData.val().matches(/^[^^]+$/)',
    ]) {
      expect(() =>
        compileCondition(source, { kind: 'write', vars: new Set(), location: '/x' }),
      ).not.toThrow();
    }
  });
});

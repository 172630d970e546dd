// A realistic rules file modelled on the product's data model (database.rules.json), run
// through the engine path × role × operation: owner-only writes with validation, server-only
// fields, meal proofs inside their time window, the public feed, server-only leaderboards,
// admin-only website settings and create-only subscribers.
import { describe, expect, it } from 'vitest';
import {
  compileDatabaseRules,
  type JsonValue,
  type RulesAuth,
  type RulesQuery,
} from '../../database/rules/compile';

const RULES = String.raw`{
  "rules": {
    "users": {
      "$uid": {
        "info": {
          ".read": "auth != null",
          // The owner edits their profile; never deletes it. Counters and dates are server-only:
          // they must come back unchanged (this also forbids removing them).
          ".write": "auth != null && auth.uid === $uid && newData.exists()",
          ".validate": "newData.hasChildren(['uid', 'displayName'])
            && newData.child('score').val() === data.child('score').val()
            && newData.child('activeChallenges').val() === data.child('activeChallenges').val()
            && newData.child('totalChallenges').val() === data.child('totalChallenges').val()
            && newData.child('joinAt').val() === data.child('joinAt').val()
            && newData.child('createdAt').val() === data.child('createdAt').val()",
          "uid": { ".validate": "newData.val() === $uid" },
          "displayName": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 50" },
          "photoURL": { ".validate": "newData.isString() && (newData.val() === '' || newData.val().beginsWith('https://'))" },
          "location": { ".validate": "newData.isString() && newData.val().length <= 100" },
          "preference": { ".validate": "newData.val() === 'veg' || newData.val() === 'nonveg' || newData.val() === 'vegan'" },
          "bio": { ".validate": "newData.isString() && newData.val().length <= 500" },
          "score": { ".validate": "newData.isNumber()" },
          "activeChallenges": { ".validate": "newData.isNumber()" },
          "totalChallenges": { ".validate": "newData.isNumber()" },
          "joinAt": { ".validate": "newData.isNumber()" },
          "createdAt": { ".validate": "newData.isNumber()" },
          "$other": { ".validate": false }
        },
        "private": {
          ".read": "auth != null && (auth.uid === $uid || auth.token.admin === true)",
          ".write": "auth != null && auth.uid === $uid",
          "email": { ".validate": "newData.isString() && newData.val() === auth.token.email" },
          "emailVerified": { ".validate": "newData.isBoolean()" },
          "height": { ".validate": "newData.isNumber() && newData.val() >= 50 && newData.val() <= 300" },
          "weight": { ".validate": "newData.isNumber() && newData.val() >= 20 && newData.val() <= 500" },
          "age": { ".validate": "newData.isNumber() && newData.val() >= 13 && newData.val() <= 120" },
          "sex": { ".validate": "newData.val() === 'male' || newData.val() === 'female'" },
          "activity": { ".validate": "newData.isNumber() && newData.val() >= 1.2 && newData.val() <= 1.9" },
          "$other": { ".validate": false }
        },
        "social": {
          ".read": "auth != null",
          ".write": "auth != null && auth.uid === $uid",
          "facebook": { ".validate": "newData.isString() && (newData.val() === '' || newData.val().matches(/^https:\\/\\/(www\\.)?facebook\\.com\\//))" },
          "instagram": { ".validate": "newData.isString() && (newData.val() === '' || newData.val().matches(/^https:\\/\\/(www\\.)?instagram\\.com\\//))" },
          "twitter": { ".validate": "newData.isString() && (newData.val() === '' || newData.val().matches(/^https:\\/\\/(www\\.)?(twitter|x)\\.com\\//))" },
          "linkedin": { ".validate": "newData.isString() && (newData.val() === '' || newData.val().matches(/^https:\\/\\/(www\\.)?linkedin\\.com\\//))" },
          "$other": { ".validate": false }
        },
        "challenges": {
          ".read": "auth != null",
          ".indexOn": ["createdAt"],
          "$cid": {
            // Created by the server only. The owner edits the title, deletes (flags), proves meals.
            "title": { ".write": "auth != null && auth.uid === $uid && data.exists() && newData.isString() && newData.val().length > 0 && newData.val().length <= 80" },
            "updatedAt": { ".write": "auth != null && auth.uid === $uid && data.parent().child('createdAt').exists() && newData.val() === now" },
            "deleted": { ".write": "auth != null && auth.uid === $uid && data.exists() && newData.val() === true" },
            "isActive": { ".write": "auth != null && auth.uid === $uid && data.exists() && newData.val() === false" },
            "meals": {
              "$day": {
                "$meal": {
                  "img": { ".write": "auth != null && auth.uid === $uid && !data.exists() && newData.isString() && newData.val().beginsWith('https://') && data.parent().child('opensAt').val() <= now && now <= data.parent().child('closesAt').val()" },
                  "imgPath": { ".write": "auth != null && auth.uid === $uid && !data.exists() && newData.val() === 'Challenge/' + $uid + '/' + $cid + '/' + $day + '-' + $meal + '.jpg' && data.parent().child('opensAt').val() <= now && now <= data.parent().child('closesAt').val()" },
                  "status": { ".write": "auth != null && auth.uid === $uid && data.val() !== 'Done' && newData.val() === 'Done' && data.parent().child('opensAt').val() <= now && now <= data.parent().child('closesAt').val()" },
                  "doneAt": { ".write": "auth != null && auth.uid === $uid && !data.exists() && newData.val() === now && data.parent().child('opensAt').val() <= now && now <= data.parent().child('closesAt').val()" }
                }
              }
            }
          }
        }
      }
    },
    "feed": {
      // Public, but only page by page: never the whole tree.
      ".read": "query.orderByChild === 'createdAt' && query.limitToLast != null && query.limitToLast <= 20",
      ".indexOn": ["createdAt"],
      "$cid": {
        ".read": true,
        // removed on delete, in the same update that flags the owner's challenge
        ".write": "auth != null && data.child('uid').val() === auth.uid && !newData.exists() && newData.parent().parent().child('users/' + auth.uid + '/challenges/' + $cid + '/deleted').val() === true",
        "title": { ".write": "auth != null && data.exists() && data.parent().child('uid').val() === auth.uid && newData.val() === newData.parent().parent().parent().child('users/' + auth.uid + '/challenges/' + $cid + '/title').val()" },
        "updatedAt": { ".write": "auth != null && data.parent().child('uid').val() === auth.uid && newData.val() === now" }
      }
    },
    "leaderboard": {
      ".read": true,
      "all": { ".indexOn": ["points"] },
      "$period": { "$bucket": { ".indexOn": ["points"] } }
    },
    "website": {
      "banner": { ".read": true, ".write": "auth != null && auth.token.admin === true" },
      "social-link": { ".read": true, ".write": "auth != null && auth.token.admin === true" },
      "subscribers": {
        ".read": "auth != null && auth.token.admin === true",
        "$id": {
          ".write": "!data.exists() && newData.exists()",
          ".validate": "newData.hasChildren(['email', 'createdAt'])",
          "email": { ".validate": "newData.isString() && newData.val().length <= 254 && newData.val().matches(/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/)" },
          "createdAt": { ".validate": "newData.val() === now" },
          "$other": { ".validate": false }
        }
      },
      "contact": {
        ".read": "auth != null && auth.token.admin === true",
        "$id": {
          ".write": "!data.exists() && newData.exists()",
          ".validate": "newData.hasChildren(['name', 'email', 'message', 'createdAt'])",
          "name": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 100" },
          "email": { ".validate": "newData.isString() && newData.val().matches(/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/)" },
          "message": { ".validate": "newData.isString() && newData.val().length > 0 && newData.val().length <= 2000" },
          "createdAt": { ".validate": "newData.val() === now" },
          "$other": { ".validate": false }
        }
      }
    }
  }
}`;

const engine = compileDatabaseRules(RULES);

const NOW = 1_760_000_000_000;
const HOUR = 3_600_000;

const auth = (uid: string, claims: Record<string, unknown> = {}): RulesAuth => ({
  uid,
  provider: 'password',
  token: { sub: uid, user_id: uid, email: `${uid}@example.com`, email_verified: true, ...claims },
});
const ROLES: Record<string, RulesAuth | null> = {
  owner: auth('alice'),
  other: auth('bob'),
  admin: auth('root', { admin: true }),
  anonymous: null,
};

const DB: JsonValue = {
  users: {
    alice: {
      info: {
        uid: 'alice',
        displayName: 'Alice',
        photoURL: '',
        score: 40,
        activeChallenges: 1,
        totalChallenges: 2,
        joinAt: 1,
        createdAt: 1,
      },
      private: {
        email: 'alice@example.com',
        emailVerified: true,
        height: 170,
        weight: 60,
        age: 30,
      },
      social: { facebook: '' },
      challenges: {
        c1: {
          title: 'Week one',
          day: 7,
          createdAt: 5,
          isActive: true,
          deleted: false,
          meals: {
            Day1: {
              breakfast: {
                name: 'Oats',
                status: 'Pending',
                opensAt: NOW - HOUR,
                closesAt: NOW + HOUR,
              },
              lunch: {
                name: 'Dal',
                status: 'Done',
                img: 'https://x/1.jpg',
                doneAt: NOW - 2 * HOUR,
                opensAt: NOW - 3 * HOUR,
                closesAt: NOW + HOUR,
              },
              dinner: {
                name: 'Rice',
                status: 'Pending',
                opensAt: NOW + 5 * HOUR,
                closesAt: NOW + 8 * HOUR,
              },
            },
          },
        },
      },
    },
  },
  feed: { c1: { uid: 'alice', title: 'Week one', createdAt: 5, updatedAt: 5 } },
  leaderboard: { all: { alice: { points: 40 } } },
  website: { banner: { val: 'Hello' }, subscribers: { s1: { email: 'a@b.co', createdAt: 1 } } },
};

function setAt(node: JsonValue, keys: string[], value: JsonValue): JsonValue {
  if (keys.length === 0) return value;
  const obj: Record<string, JsonValue> =
    node !== null && typeof node === 'object' && !Array.isArray(node) ? { ...node } : {};
  const child = setAt(obj[keys[0]] ?? null, keys.slice(1), value);
  if (child === null) delete obj[keys[0]];
  else obj[keys[0]] = child;
  return Object.keys(obj).length ? obj : null;
}
const split = (path: string) => path.split('/').filter(Boolean);

function canWrite(role: string, sets: Record<string, JsonValue>, now = NOW): boolean {
  const newRoot = Object.entries(sets).reduce((acc, [path, v]) => setAt(acc, split(path), v), DB);
  return engine.canWrite({
    writes: Object.keys(sets).map(split),
    auth: ROLES[role],
    oldRoot: DB,
    newRoot,
    now,
  });
}
function canRead(role: string, path: string, query?: RulesQuery): boolean {
  return engine.canRead({ path: split(path), auth: ROLES[role], root: DB, now: NOW, query });
}

const ALL = ['owner', 'other', 'admin', 'anonymous'];
const only = (...allowed: string[]) => ALL.map((role) => [role, allowed.includes(role)] as const);

describe('product rules: reads', () => {
  const FEED_PAGE: RulesQuery = { orderByChild: 'createdAt', limitToLast: 20 };
  it.each([
    ['users/alice/info', undefined, only('owner', 'other', 'admin')],
    ['users/alice/info/score', undefined, only('owner', 'other', 'admin')],
    ['users/alice/private', undefined, only('owner', 'admin')],
    ['users/alice/private/email', undefined, only('owner', 'admin')],
    ['users/alice/social', undefined, only('owner', 'other', 'admin')],
    ['users/alice/challenges', undefined, only('owner', 'other', 'admin')],
    ['users/alice/challenges/c1/meals/Day1', undefined, only('owner', 'other', 'admin')],
    ['users/alice', undefined, only()],
    ['users', undefined, only()],
    ['', undefined, only()],
    ['feed', FEED_PAGE, only(...ALL)],
    ['feed', { orderByChild: 'createdAt', limitToLast: 21 }, only()],
    ['feed', { orderByChild: 'createdAt' }, only()],
    ['feed', { orderByKey: true, limitToLast: 5 }, only()],
    ['feed', undefined, only()],
    ['feed/c1', undefined, only(...ALL)],
    ['leaderboard/all', { orderByChild: 'points', limitToLast: 3 }, only(...ALL)],
    ['leaderboard/weekly/2025-W41', undefined, only(...ALL)],
    ['website/banner', undefined, only(...ALL)],
    ['website/subscribers', undefined, only('admin')],
    ['website/contact/x', undefined, only('admin')],
  ] as const)('%s %j', (path, query, expectations) => {
    for (const [role, expected] of expectations) {
      expect({ role, allowed: canRead(role, path, query) }).toEqual({ role, allowed: expected });
    }
  });
});

describe('product rules: writes', () => {
  const info = (DB as { users: { alice: { info: Record<string, JsonValue> } } }).users.alice.info;
  const breakfast = 'users/alice/challenges/c1/meals/Day1/breakfast';
  const proof = (meal: string, extra: Record<string, JsonValue> = {}) => ({
    [`users/alice/challenges/c1/meals/Day1/${meal}/img`]: 'https://cdn/x.jpg',
    [`users/alice/challenges/c1/meals/Day1/${meal}/imgPath`]: `Challenge/alice/c1/Day1-${meal}.jpg`,
    [`users/alice/challenges/c1/meals/Day1/${meal}/status`]: 'Done',
    [`users/alice/challenges/c1/meals/Day1/${meal}/doneAt`]: NOW,
    ...extra,
  });

  it.each([
    [
      'profile edit',
      { 'users/alice/info/displayName': 'Ally', 'users/alice/info/bio': 'Hi' },
      only('owner'),
    ],
    [
      'profile set keeping server fields',
      { 'users/alice/info': { ...info, displayName: 'Ally' } },
      only('owner'),
    ],
    ['profile: empty name', { 'users/alice/info/displayName': '' }, only()],
    ['profile: http photo', { 'users/alice/info/photoURL': 'http://x/p.png' }, only()],
    ['profile: bad preference', { 'users/alice/info/preference': 'keto' }, only()],
    ['profile: unknown field', { 'users/alice/info/isAdmin': true }, only()],
    ['profile: uid of someone else', { 'users/alice/info/uid': 'bob' }, only()],
    ['server-only: score', { 'users/alice/info/score': 9999 }, only()],
    ['server-only: counters', { 'users/alice/info/activeChallenges': 0 }, only()],
    ['server-only: joinAt', { 'users/alice/info/joinAt': 2 }, only()],
    ['server-only: removing score', { 'users/alice/info/score': null }, only()],
    [
      'server-only: set dropping createdAt',
      { 'users/alice/info': { ...info, createdAt: null } },
      only(),
    ],
    ['profile delete', { 'users/alice/info': null }, only()],
    [
      'private: own data',
      { 'users/alice/private/height': 171, 'users/alice/private/sex': 'female' },
      only('owner'),
    ],
    [
      'private: email must match the token',
      { 'users/alice/private/email': 'evil@example.com' },
      only(),
    ],
    ['private: out of range', { 'users/alice/private/age': 7 }, only()],
    ['private: unknown field', { 'users/alice/private/ssn': '123' }, only()],
    [
      'social: facebook link',
      { 'users/alice/social/facebook': 'https://www.facebook.com/alice' },
      only('owner'),
    ],
    ['social: clear a link', { 'users/alice/social/facebook': '' }, only('owner')],
    ['social: javascript: link', { 'users/alice/social/twitter': 'javascript:alert(1)' }, only()],
    [
      'social: wrong site',
      { 'users/alice/social/linkedin': 'https://evil.com/linkedin.com/' },
      only(),
    ],
    ['challenge: create', { 'users/alice/challenges/c9': { title: 'New', day: 3 } }, only()],
    [
      'challenge: edit title (with feed, one update)',
      {
        'users/alice/challenges/c1/title': 'Week 1',
        'users/alice/challenges/c1/updatedAt': NOW,
        'feed/c1/title': 'Week 1',
        'feed/c1/updatedAt': NOW,
      },
      only('owner'),
    ],
    [
      'challenge: feed title differs from the challenge',
      { 'users/alice/challenges/c1/title': 'Week 1', 'feed/c1/title': 'Other' },
      only(),
    ],
    [
      'challenge: updatedAt not server time',
      { 'users/alice/challenges/c1/updatedAt': NOW - 1 },
      only(),
    ],
    [
      'challenge: delete (flags + feed removal)',
      {
        'users/alice/challenges/c1/deleted': true,
        'users/alice/challenges/c1/isActive': false,
        'feed/c1': null,
      },
      only('owner'),
    ],
    ['challenge: feed removal without the flag', { 'feed/c1': null }, only()],
    ['challenge: hard delete', { 'users/alice/challenges/c1': null }, only()],
    ['challenge: change day count', { 'users/alice/challenges/c1/day': 1 }, only()],
    ['meal proof inside the window', proof('breakfast'), only('owner')],
    ['meal proof: status only', { [`${breakfast}/status`]: 'Done' }, only('owner')],
    [
      'meal proof: doneAt not server time',
      proof('breakfast', { [`${breakfast}/doneAt`]: NOW - 5 }),
      only(),
    ],
    [
      'meal proof: wrong storage path',
      proof('breakfast', { [`${breakfast}/imgPath`]: 'Challenge/bob/c1/Day1-breakfast.jpg' }),
      only(),
    ],
    ['meal proof: already done', proof('lunch'), only()],
    ['meal proof: before the window', proof('dinner'), only()],
    ['meal proof: calories', { [`${breakfast}/calories`]: 1 }, only()],
    ['meal proof: window moved', { [`${breakfast}/closesAt`]: NOW + 99 * HOUR }, only()],
    ['feed: create', { 'feed/c2': { uid: 'alice', title: 'x', createdAt: NOW } }, only()],
    ['leaderboard', { 'leaderboard/all/alice/points': 1000 }, only()],
    ['leaderboard (weekly)', { 'leaderboard/weekly/2025-W41/alice': { points: 10 } }, only()],
    ['banner', { 'website/banner/val': 'Sale!' }, only('admin')],
    [
      'social links',
      { 'website/social-link': { instagram: 'https://instagram.com/x' } },
      only('admin'),
    ],
    [
      'subscribe',
      { 'website/subscribers/s2': { email: 'me@site.org', createdAt: NOW } },
      only(...ALL),
    ],
    [
      'subscribe: bad email',
      { 'website/subscribers/s2': { email: 'me@site', createdAt: NOW } },
      only(),
    ],
    [
      'subscribe: client time',
      { 'website/subscribers/s2': { email: 'me@site.org', createdAt: NOW - 1000 } },
      only(),
    ],
    [
      'subscribe: extra field',
      { 'website/subscribers/s2': { email: 'me@site.org', createdAt: NOW, admin: true } },
      only(),
    ],
    ['subscriber: update', { 'website/subscribers/s1/email': 'x@y.zz' }, only()],
    [
      'subscriber: overwrite',
      { 'website/subscribers/s1': { email: 'x@y.zz', createdAt: NOW } },
      only(),
    ],
    ['subscriber: delete', { 'website/subscribers/s1': null }, only()],
    [
      'contact',
      { 'website/contact/m1': { name: 'A', email: 'a@b.co', message: 'Hello', createdAt: NOW } },
      only(...ALL),
    ],
    [
      'contact: missing message',
      { 'website/contact/m1': { name: 'A', email: 'a@b.co', createdAt: NOW } },
      only(),
    ],
    ['whole website', { website: null }, only()],
    ['root', { '': null }, only()],
  ] as const)('%s', (_name, sets, expectations) => {
    for (const [role, expected] of expectations) {
      expect({ role, allowed: canWrite(role, sets as Record<string, JsonValue>) }).toEqual({
        role,
        allowed: expected,
      });
    }
  });

  it('meal proof after the window closes is denied', () => {
    expect(canWrite('owner', proof('breakfast'), NOW + 2 * HOUR)).toBe(false);
    const atClose = proof('breakfast', { [`${breakfast}/doneAt`]: NOW + HOUR });
    expect(canWrite('owner', atClose, NOW + HOUR)).toBe(true); // closesAt itself is inside
  });

  it('indexes for server-side queries', () => {
    expect(engine.indexOn(['feed'])).toEqual(['createdAt']);
    expect(engine.indexOn(['leaderboard', 'all'])).toEqual(['points']);
    expect(engine.indexOn(['leaderboard', 'monthly', '2025-10'])).toEqual(['points']);
    expect(engine.indexOn(['users', 'alice', 'challenges'])).toEqual(['createdAt']);
    expect(engine.indexOn(['users'])).toEqual([]);
  });
});

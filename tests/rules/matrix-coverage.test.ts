import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { caseTitle, type Operation, type RulesCase } from './support/rules-matrix';
import { CLAIM_ROLES, ROLES } from './support/roles';
import { memberRecordCases } from './cases/member-records-cases';
import { challengeCases } from './cases/challenge-cases';
import { publicCases } from './cases/public-cases';
import { websiteCases } from './cases/website-cases';
import { moderationCases } from './cases/moderation-cases';
import { progressCases } from './cases/progress-cases';
import { storageCases } from './cases/storage-cases';
import { adminClaimDatabaseCases, adminClaimStorageCases } from './cases/admin-claim-cases';
import { groupAdminClaimCases, groupCases } from './cases/group-cases';
import { groupStorageCases } from './cases/group-challenge-cases';
import { reminderCases } from './cases/reminder-cases';
import { proofClaimCases } from './cases/proof-claim-cases';
import {
  adminRecordCases,
  revokedAdminDatabaseCases,
  revokedAdminStorageCases,
} from './cases/admin-record-cases';

// The matrix is only as good as its reach: these checks keep every path the app uses in it.
const allCases = [
  ...memberRecordCases,
  ...challengeCases,
  ...publicCases,
  ...websiteCases,
  ...moderationCases,
  ...progressCases,
  ...storageCases,
  ...adminClaimDatabaseCases,
  ...adminClaimStorageCases,
  ...groupCases,
  ...groupAdminClaimCases,
  ...groupStorageCases,
  ...adminRecordCases,
  ...revokedAdminDatabaseCases,
  ...revokedAdminStorageCases,
  ...reminderCases,
  ...proofClaimCases,
] as RulesCase<unknown, unknown>[];

/** Every database path the app uses (docs/security.md); server-only ones need write denials all the same. */
const DATABASE_PATHS = [
  'users/{uid}/info',
  'users/{uid}/private',
  'users/{uid}/social',
  'users/{uid}/challenges/{cid}',
  'users/{uid}/challenges/{cid}/meals/{day}/{meal}',
  'feed/{cid}',
  'leaderboard/all/{uid}',
  'leaderboard/weekly/{YYYY-Www}/{uid}',
  'leaderboard/monthly/{YYYY-MM}/{uid}',
  'website/banner/val',
  'website/social-link',
  'website/subscribers/{id}',
  'website/contact/{id}',
  'users/{uid}/challenges/{cid}/moderation',
  'moderation/audit/{id}',
  'users/{uid}/glance',
  'users/{uid}/weights',
  'groups/{cid}',
  'users/{uid}/notices',
  'users/{uid}/noticesSeenAt',
  'groupGiven/{cid}/{uid}',
  // Server-only: the rules node that keeps each of them closed.
  'pushSubscriptions',
  'reminderSettings',
  'reminderState',
  'reminderZones',
  'proofClaims',
];
const STORAGE_PATHS = ['Challenge/{uid}/{cid}/{file}', 'Challenge/{uid}/profile/avtar.jpg'];

/** Records a client can write to: each must refuse unknown fields. */
const VALIDATED_RECORDS = [
  'users/$uid/info',
  'users/$uid/private',
  'users/$uid/social',
  'users/$uid/challenges/$cid',
  'users/$uid/challenges/$cid/meals/$day/$meal',
  'feed/$cid',
  'website/subscribers/$id',
  'website/contact/$id',
];

type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };
const databaseRules = JSON.parse(
  readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8'),
).rules as RulesNode;

function rulesNodeAt(path: string): RulesNode | undefined {
  let node: RulesNode | undefined = databaseRules;
  for (const segment of path.split('/')) {
    if (!node) return undefined;
    const wildcard: string | undefined = Object.keys(node).find(
      (key) => key.startsWith('$') && key !== '$other',
    );
    const key: string | undefined =
      segment.startsWith('{') || segment.startsWith('$') ? wildcard : segment;
    node = key === undefined ? undefined : (node[key] as RulesNode | undefined);
  }
  return node;
}

/** Every node of the rules tree with its path (wildcards as the rules name them). */
function* ruleNodes(node: RulesNode, path: string[]): Generator<[string[], RulesNode]> {
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('.') || typeof child !== 'object' || Array.isArray(child)) continue;
    yield [[...path, key], child];
    yield* ruleNodes(child, [...path, key]);
  }
}

/** A path with each wildcard written `*`, and a closing slash so a prefix is a whole segment. */
const pattern = (path: string) =>
  `${path
    .split('/')
    .map((segment) => (/^[{$]/.test(segment) ? '*' : segment))
    .join('/')}/`;

const casesOf = (path: string) => allCases.filter((c) => c.path === path);

describe('rules matrix coverage', () => {
  test('has at least 150 cases, each with a unique name', () => {
    const titles = allCases.map(caseTitle);
    expect(allCases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(titles).size).toBe(titles.length);
  });

  test('has both allowed and denied cases in every table', () => {
    for (const table of [
      memberRecordCases,
      challengeCases,
      publicCases,
      websiteCases,
      moderationCases,
      progressCases,
      storageCases,
      groupCases,
    ]) {
      const outcomes = new Set(table.map((c) => c.expect));
      expect([...outcomes].sort()).toEqual(['allowed', 'denied']);
    }
  });

  test.each([...DATABASE_PATHS, ...STORAGE_PATHS])(
    '%s is tried by every role, for reading and for writing',
    (path) => {
      const cases = casesOf(path);
      const roles = cases.map((c) => c.role).filter((role) => !CLAIM_ROLES.includes(role as never));
      expect(new Set(roles)).toEqual(new Set(ROLES));
      const operations = new Set<Operation>(cases.map((c) => c.operation));
      expect(operations.has('read') || operations.has('query')).toBe(true);
      for (const write of ['create', 'update', 'delete'] as const) {
        expect(operations, `${path} lacks a ${write} case`).toContain(write);
      }
    },
  );

  test.each(DATABASE_PATHS)('database.rules.json has rules for %s', (path) => {
    // Found, and reachable: some node on the way (below the root's default denial) says who may read it.
    const onTheWay = path
      .split('/')
      .map((_, i, segments) => rulesNodeAt(segments.slice(0, i + 1).join('/')));
    expect(onTheWay.every((node) => typeof node === 'object')).toBe(true);
    expect(onTheWay.some((node) => node && '.read' in node)).toBe(true);
  });

  test('every rule that grants a read or a write is on the way to a path the matrix tries', () => {
    // A grant applies at its node and below: the matrix's cases at, below or above it try it. A grant on
    // no tried path (a new list, a new record) is allowed to whoever it names without a single case.
    const tried = DATABASE_PATHS.map(pattern);
    const untried: string[] = [];
    for (const [path, node] of ruleNodes(databaseRules, [])) {
      const here = pattern(path.join('/'));
      const onTheWay = tried.some((matrix) => here.startsWith(matrix) || matrix.startsWith(here));
      for (const grant of ['.read', '.write'] as const)
        if (grant in node && node[grant] !== false && !onTheWay)
          untried.push(`${grant} at ${path.join('/')}`);
    }
    expect(untried).toEqual([]);
  });

  test.each(VALIDATED_RECORDS)('%s refuses unknown fields ($other is never valid)', (path) => {
    expect(rulesNodeAt(path)?.$other).toEqual({ '.validate': false });
  });

  test('denies everything at the root by default', () => {
    expect(databaseRules['.read']).toBe(false);
    expect(databaseRules['.write']).toBe(false);
  });
});

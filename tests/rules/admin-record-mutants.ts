/**
 * The protections of the admins/{uid} record (docs/security.md, "Admins"), weakened one at a time
 * (rule-mutant-catalogue.ts runs them with the rest): each must be killed by exactly the cases of
 * tests/rules/cases/admin-record-cases.ts written for it.
 */
import {
  adminRecordCases,
  revokedAdminDatabaseCases,
  revokedAdminStorageCases,
} from './cases/admin-record-cases';
import { caseTitle, type RulesCase } from './support/rules-matrix';
import { replaceOnce, type RuleMutant } from './support/rule-mutants';

/** How every admin rule of database.rules.json asks whether the reader is an admin now. */
export const ADMIN_RECORD_CHECK = "root.child('admins/' + auth.uid).val() === true";
/** The number of rules that let an admin through; an admin rule added needs its cases, then this count. */
const ADMIN_RULES = 8;

/** Replaces every admin check, insisting that there are ADMIN_RULES of them. */
function everyAdminCheck(rules: string, replacement: string): string {
  const found = rules.split(ADMIN_RECORD_CHECK).length - 1;
  if (found !== ADMIN_RULES)
    throw new Error(`Mutant out of date: ${found} admin checks, expected ${ADMIN_RULES}`);
  return rules.replaceAll(ADMIN_RECORD_CHECK, replacement);
}

/** Adds rules for admins/{uid}, which has none today (the root's denial holds there). */
function withAdminsRules(rules: string, node: Record<string, unknown>): string {
  const parsed = JSON.parse(rules) as { rules: Record<string, unknown> };
  if ('admins' in parsed.rules) throw new Error('Mutant out of date: admins already has rules');
  parsed.rules.admins = node;
  return JSON.stringify(parsed, null, 2);
}

const titles = (cases: ReadonlyArray<unknown>) =>
  cases.map((c) => caseTitle(c as RulesCase<unknown, unknown>));
const recordCase = (operation: string, attempt: string) =>
  titles(adminRecordCases.filter((c) => c.operation === operation && c.attempt === attempt));

/** Kills of group mutants (tests/rules/group-mutants.ts) among the revoked admin's cases. */
export const REVOKED_ADMIN_KILLS_OF_GROUP_MUTANTS = {
  groupRead: ['groups/{cid} · revoked admin · read · denied: reads a group'],
  inviteRead: [
    'users/{uid}/challenges/{cid}/invite · revoked admin · read · denied: reads a member’s invite link',
  ],
  privateRecord: [
    "users/{uid}/private · revoked admin · read · denied: reads a member's private record",
  ],
  proofsByPath: [
    "} · admin · read · denied: gets a download URL of a member's proof",
    "} · admin · query · denied: lists the proofs of a member's challenge",
    ...titles(revokedAdminStorageCases),
  ],
};

export const ADMIN_RECORD_MUTANTS: readonly RuleMutant[] = [
  {
    name: 'the rules trust the token’s admin claim, which outlives a revoke by up to an hour',
    file: 'database.rules.json',
    mutate: (rules) => everyAdminCheck(rules, 'auth.token.admin === true'),
    killedBy: titles(revokedAdminDatabaseCases),
  },
  {
    name: 'a member writes its own admin record (grants itself admin)',
    file: 'database.rules.json',
    mutate: (rules) =>
      withAdminsRules(rules, { $uid: { '.write': 'auth != null && auth.uid === $uid' } }),
    killedBy: [
      ...recordCase('create', 'grants itself admin'),
      ...recordCase('create', 'restores its own admin record after the revoke'),
    ],
  },
  {
    name: 'every signed-in member reads who the admins are',
    file: 'database.rules.json',
    mutate: (rules) => withAdminsRules(rules, { '.read': 'auth != null' }),
    killedBy: titles(
      adminRecordCases.filter((c) => c.role !== 'visitor' && c.operation === 'read'),
    ).concat(recordCase('query', 'lists the admins')),
  },
  {
    name: 'admins read members’ proofs by path with their claim (no revoke reaches it for an hour)',
    file: 'storage.rules',
    mutate: (rules) =>
      replaceOnce(
        rules,
        'allow read: if isOwner(uid);',
        'allow read: if isOwner(uid) || request.auth.token.admin == true;',
      ),
    killedBy: [
      "} · admin · read · denied: gets a download URL of a member's proof",
      "} · admin · query · denied: lists the proofs of a member's challenge",
      ...titles(revokedAdminStorageCases),
    ],
  },
];

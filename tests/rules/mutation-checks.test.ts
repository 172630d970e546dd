/**
 * The rules matrix, run against weakened copies of the rules (tests/rules/rule-mutant-catalogue.ts):
 * each mutant must be killed by exactly the cases written for the protection it removes. A mutant that
 * survives is a protection without a test; a case that fails elsewhere is a test that does not say what
 * it checks.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { challengeCases } from './cases/challenge-cases';
import { memberRecordCases } from './cases/member-records-cases';
import { publicCases } from './cases/public-cases';
import { INITIAL_OBJECTS, storageCases } from './cases/storage-cases';
import { websiteCases } from './cases/website-cases';
import { moderationCases } from './cases/moderation-cases';
import { progressCases } from './cases/progress-cases';
import { adminClaimDatabaseCases, adminClaimStorageCases } from './cases/admin-claim-cases';
import {
  adminRecordCases,
  revokedAdminDatabaseCases,
  revokedAdminStorageCases,
} from './cases/admin-record-cases';
import { groupAdminClaimCases, groupCases } from './cases/group-cases';
import { groupStorageCases } from './cases/group-challenge-cases';
import { reminderCases } from './cases/reminder-cases';
import { proofClaimCases } from './cases/proof-claim-cases';
import { RULE_MUTANTS } from './rule-mutant-catalogue';
import { databaseFixture } from './support/database-world';
import { emulatorDatabaseRules, sourceDatabaseRules } from '../../scripts/lib/database-rules';
import { projectStorageRules, startRulesHarness, type RulesHarness } from './support/rules-harness';
import { caseTitle, runCase, type MatrixFixture, type RulesCase } from './support/rules-matrix';
import type { RuleMutant, RulesFile } from './support/rule-mutants';
import { storageFixture } from './support/storage-world';

interface Matrix {
  cases: ReadonlyArray<RulesCase<unknown, unknown>>;
  fixture: MatrixFixture<unknown, unknown>;
}

const MATRICES: Record<RulesFile, Matrix> = {
  'database.rules.json': {
    cases: [
      ...memberRecordCases,
      ...challengeCases,
      ...publicCases,
      ...websiteCases,
      ...moderationCases,
      ...progressCases,
      ...adminClaimDatabaseCases,
      ...groupCases,
      ...groupAdminClaimCases,
      ...adminRecordCases,
      ...revokedAdminDatabaseCases,
      ...reminderCases,
      ...proofClaimCases,
    ] as Matrix['cases'],
    fixture: databaseFixture as MatrixFixture<unknown, unknown>,
  },
  'storage.rules': {
    cases: [
      ...storageCases,
      ...adminClaimStorageCases,
      ...groupStorageCases,
      ...revokedAdminStorageCases,
    ] as Matrix['cases'],
    fixture: storageFixture(INITIAL_OBJECTS) as MatrixFixture<unknown, unknown>,
  },
};

/** The titles of the cases a mutant must fail, resolved against the matrix. */
function expectedKills(mutant: RuleMutant, cases: Matrix['cases']): string[] {
  if (mutant.killedBy === 'every denied case')
    return cases.filter((c) => c.expect === 'denied').map(caseTitle);
  if (mutant.killedBy === 'every allowed case')
    return cases.filter((c) => c.expect === 'allowed').map(caseTitle);
  return mutant.killedBy.map((part) => {
    const matches = cases.map(caseTitle).filter((title) => title.includes(part));
    if (matches.length !== 1)
      throw new Error(
        `"${part}" must name exactly one case of ${mutant.file}, names ${matches.length}`,
      );
    return matches[0]!;
  });
}

/** Mutants of the source are loaded as the emulator build (whole-file replacements name no bucket). */
const emulatorBuild = (rules: string) =>
  rules.includes('STORAGE_BUCKET') ? emulatorDatabaseRules(rules) : rules;

/** The cases that fail with the mutant's rules loaded: exactly those it must kill, or the check fails. */
async function failingCases(harness: RulesHarness, mutant: RuleMutant): Promise<string[]> {
  const { cases, fixture } = MATRICES[mutant.file];
  // Both files every time: the mutant's file altered, the other as checked in (the last mutant may have altered it).
  await harness.loadRules(
    mutant.file === 'storage.rules'
      ? {
          storageRules: mutant.mutate(projectStorageRules()),
          databaseRules: emulatorDatabaseRules(),
        }
      : {
          databaseRules: emulatorBuild(mutant.mutate(sourceDatabaseRules())),
          storageRules: projectStorageRules(),
        },
  );
  const failing: string[] = [];
  for (const c of cases) {
    await harness.clear();
    await runCase(harness, fixture, c).catch(() => failing.push(caseTitle(c)));
  }
  return failing;
}

describe('rules mutation checks: the matrix kills every weakened rule with exactly its cases', () => {
  // One pair of emulators for every mutant: each loads its rules into them, then runs the whole matrix.
  let harness: RulesHarness;
  beforeAll(async () => {
    harness = await startRulesHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const mutant of RULE_MUTANTS) {
    test(`${mutant.file}: ${mutant.name}`, { timeout: 120_000 }, async () => {
      const expected = expectedKills(mutant, MATRICES[mutant.file].cases);
      const failing = await failingCases(harness, mutant);
      expect(
        failing.length,
        'a mutant that no case kills is a protection without a test',
      ).toBeGreaterThan(0);
      expect(failing.sort()).toEqual(expected.sort());
    });
  }
});

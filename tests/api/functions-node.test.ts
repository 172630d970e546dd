/**
 * `npm test` runs the API tests on the Node the deployed function runs on (firebase.json's
 * runtime; scripts/lib/functions-runtime.ts), not merely on the host's: this fails when they
 * run on another major.
 */
import { expect, test } from 'vitest';
import { declaredFunctionsRuntime, runtimeNodeMajor } from '../../scripts/lib/functions-runtime';

test("the API tests run on the functions runtime's Node major", () => {
  expect(Number(process.versions.node.split('.')[0])).toBe(
    runtimeNodeMajor(declaredFunctionsRuntime()),
  );
});

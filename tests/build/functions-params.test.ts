/**
 * The api function's deploy settings as firebase-tools reads them from the exported function: a
 * ceiling on instances (the MAX_INSTANCES param, default in functions/.env), so a flood of requests
 * cannot scale the bill without bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../../scripts/lib/stack';

test('the api function caps its instances with the MAX_INSTANCES param', async () => {
  const { api } = await import('../../functions/src/index');
  const endpoint = (api as unknown as { __endpoint: { maxInstances?: unknown } }).__endpoint;
  expect(JSON.parse(JSON.stringify(endpoint.maxInstances))).toBe('params.MAX_INSTANCES');
  const defaults = readFileSync(join(repoRoot, 'functions/.env'), 'utf8');
  const value = /^MAX_INSTANCES=(\d+)$/m.exec(defaults)?.[1];
  expect(Number(value)).toBeGreaterThanOrEqual(1);
  expect(Number(value)).toBeLessThanOrEqual(100);
});

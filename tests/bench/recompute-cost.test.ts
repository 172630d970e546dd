import { afterEach, describe, expect, it } from 'vitest';
import { measureRecomputeCost } from '../../scripts/bench/recompute-cost';

const hostKeys = [
  'FIREBASE_DATABASE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'STORAGE_EMULATOR_HOST',
] as const;
const before = hostKeys.map((key) => process.env[key]);

afterEach(() => {
  hostKeys.forEach((key, index) => {
    if (before[index] === undefined) delete process.env[key];
    else process.env[key] = before[index];
  });
});

describe('the recompute section of the bench', () => {
  it("gives back the emulator hosts it set, Storage's own included, so a stack started after it is not sent to its closed emulators", async () => {
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = '127.0.0.1:9000';
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = '127.0.0.1:9199';
    delete process.env.STORAGE_EMULATOR_HOST;
    const cost = await measureRecomputeCost({ pastChallenges: 2, recomputes: 2 });
    expect(cost.steady.count).toBe(2);
    expect(process.env.FIREBASE_DATABASE_EMULATOR_HOST).toBe('127.0.0.1:9000');
    expect(process.env.FIREBASE_STORAGE_EMULATOR_HOST).toBe('127.0.0.1:9199');
    expect(process.env.STORAGE_EMULATOR_HOST).toBeUndefined();
  }, 120_000);
});

/**
 * A skipped or focused test fails `npm test`: its first step, `npm run lint`, runs the project's own
 * eslint.config.js, which refuses every form of one in test files. Each form below is a fixture the
 * lint must refuse; a plain test, and a skip decided by the environment at run time (which npm test
 * refuses when it happens: a report with a skipped test fails its step), stay clean.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.severity === 2)
    .map((message) => message.ruleId ?? message.message);
}

const VITEST_FORMS = [
  "test.skip('skipped', () => {});",
  "it.skip('skipped', () => {});",
  "describe.skip('skipped', () => {});",
  "test.only('focused', () => {});",
  "it.only('focused', () => {});",
  "describe.only('focused', () => {});",
  "test.todo('later');",
  "test.fails('expected to fail', () => {});",
  "describe.concurrent.only('focused', () => {});",
  "test.only.each([1, 2])('focused %i', () => {});",
  "it.skip.each([1, 2])('skipped %i', () => {});",
  "xit('skipped', () => {});",
  "fdescribe('focused', () => {});",
];

const PLAYWRIGHT_FORMS = [
  "test.fixme('later', async () => {});",
  "test.skip('skipped', async () => {});",
  "test.only('focused', async () => {});",
  "test.describe.only('focused', () => {});",
  "test.describe.skip('skipped', () => {});",
  "test.describe.fixme('later', () => {});",
  "test('skips itself', async () => { test.skip(true, 'not today'); });",
];

describe('a skipped or focused test fails the lint step of npm test', { timeout: 120_000 }, () => {
  it.each(VITEST_FORMS)('refuses `%s` in a unit, integration and emulators test', async (form) => {
    const code = `import { describe, it, test } from 'vitest';\n${form}\nexport {};\n`;
    for (const file of [
      'src/domain/probe.test.ts',
      'tests/rules/probe.test.ts',
      'emulators/tests/internals/probe.test.ts',
    ])
      expect(await ruleIdsFor(file, code), file).toContain('no-restricted-syntax');
  });

  it.each(PLAYWRIGHT_FORMS)('refuses `%s` in an e2e spec', async (form) => {
    const code = `import { test } from '@playwright/test';\n${form}\n`;
    expect(await ruleIdsFor('e2e/probe.spec.ts', code)).toContain('no-restricted-syntax');
  });

  it('lets a plain test and a skip the environment decides pass', async () => {
    const code = [
      "import { describe, expect, test } from 'vitest';",
      "test('adds', () => expect(1 + 1).toBe(2));",
      "describe.skipIf(process.env.EXTERNAL === '1')('on our own emulator', () => {",
      "  test.each([1, 2])('counts %i', (n) => expect(n).toBeGreaterThan(0));",
      '});',
      '',
    ].join('\n');
    expect(await ruleIdsFor('tests/rules/probe.test.ts', code)).toEqual([]);
  });
});

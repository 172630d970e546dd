import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own eslint.config.js, run on in-memory files placed inside src/: each boundary
// must report its violation, and the allowed direction must stay clean.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const longBody = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `  total += ${i};`).join('\n');

describe('import boundaries', { timeout: 120_000 }, () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    const byAlias =
      "import { login } from '@/features/auth/api/login';\nexport const use = login;\n";
    const byPath = "import { login } from '../../auth/api/login';\nexport const use = login;\n";
    expect(await ruleIdsFor('src/features/feed/components/probe.tsx', byAlias)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor('src/features/feed/components/probe.tsx', byPath)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets a feature import its own files and the shared folders', async () => {
    const code = [
      "import { login } from '../api/login';",
      "import { readStored } from '@/lib/device-storage';",
      "import { computeScore } from '@domain/challenges/points';",
      'export const use = [login, readStored, computeScore];',
      '',
    ].join('\n');
    expect(await ruleIdsFor('src/features/auth/components/probe.tsx', code)).toEqual([]);
  });

  it('refuses the browser storage used outside the device-storage scheme', async () => {
    const direct = "export const seen = localStorage.getItem('seen');\n";
    const throughWindow = "window.sessionStorage.setItem('at', '1');\n";
    expect(await ruleIdsFor('src/features/profile/lib/probe.ts', direct)).toContain(
      'no-restricted-globals',
    );
    expect(await ruleIdsFor('src/app/shell/probe.ts', throughWindow)).toContain(
      'no-restricted-properties',
    );
    expect(await ruleIdsFor('src/lib/device-storage.ts', direct)).toEqual([]);
  });

  it("refuses zod imported directly instead of the app's configured '@domain/zod'", async () => {
    const direct = "import { z } from 'zod';\nexport const name = z.string();\n";
    const configured = "import { z } from '@domain/zod';\nexport const name = z.string();\n";
    expect(await ruleIdsFor('src/features/auth/api/probe.ts', direct)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/features/auth/components/probe.tsx', direct)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/features/auth/api/probe.ts', configured)).toEqual([]);
  });

  it("refuses shared code imported other than by its name, '@domain/…', on either side", async () => {
    const byAppAlias =
      "import { MEAL_SLOTS } from '@/domain/constants';\nexport const use = MEAL_SLOTS;\n";
    const byPath =
      "import { MEAL_SLOTS } from '../../src/domain/constants';\nexport const use = MEAL_SLOTS;\n";
    const byName =
      "import { MEAL_SLOTS } from '@domain/constants';\nexport const use = MEAL_SLOTS;\n";
    expect(await ruleIdsFor('src/features/feed/api/probe.ts', byAppAlias)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/services/probe.ts', byAppAlias)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('functions/src/probe.ts', byPath)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('scripts/probe.ts', byPath)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('functions/src/probe.ts', byName)).toEqual([]);
    expect(await ruleIdsFor('src/features/feed/api/probe.ts', byName)).toEqual([]);
  });

  it('refuses src/domain importing the rest of the app, and the app importing the server', async () => {
    const appHelper =
      "import { httpsLink } from '@/lib/safe-urls';\nexport const use = httpsLink;\n";
    expect(await ruleIdsFor('src/domain/probe.ts', appHelper)).toContain(
      'import-x/no-restricted-paths',
    );
    const planner =
      "import { planMeals } from '../../../../functions/src/planner/meal-planner';\nexport const use = planMeals;\n";
    expect(await ruleIdsFor('src/features/challenges/api/probe.ts', planner)).toContain(
      'import-x/no-restricted-paths',
    );
    // A test may build a real plan with the server's planner.
    expect(await ruleIdsFor('src/features/challenges/api/probe.test.ts', planner)).toEqual([]);
  });

  it('refuses a feature importing the app', async () => {
    const code = "import { App } from '@/app/app';\nexport const use = App;\n";
    expect(await ruleIdsFor('src/features/feed/components/probe.tsx', code)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it.each(['components', 'lib', 'hooks', 'domain', 'services'])(
    'refuses src/%s importing a feature or the app',
    async (folder) => {
      const feature =
        "import { login } from '@/features/auth/api/login';\nexport const use = login;\n";
      const app = "import { App } from '@/app/app';\nexport const use = App;\n";
      expect(await ruleIdsFor(`src/${folder}/probe.ts`, feature)).toContain(
        'import-x/no-restricted-paths',
      );
      expect(await ruleIdsFor(`src/${folder}/probe.ts`, app)).toContain(
        'import-x/no-restricted-paths',
      );
    },
  );

  it('lets only src/services import firebase', async () => {
    const code = "import { ref } from 'firebase/database';\nexport const use = ref;\n";
    expect(await ruleIdsFor('src/features/feed/api/probe.ts', code)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/lib/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/services/probe.ts', code)).toEqual([]);
  });

  it('keeps database paths in api/ and services/', async () => {
    const code =
      "import { dbPaths } from '@domain/data/database-paths';\nexport const path = dbPaths.feed;\n";
    expect(await ruleIdsFor('src/features/feed/components/probe.tsx', code)).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/hooks/probe.ts', code)).toContain('no-restricted-imports');
    expect(await ruleIdsFor('src/features/feed/api/probe.ts', code)).toEqual([]);
  });

  it('refuses an import cycle in src', async () => {
    // start-app.tsx imports ./app, so app.tsx importing start-app closes a loop.
    const code = "import './start-app';\nexport const App = () => null;\n";
    expect(await ruleIdsFor('src/app/app.tsx', code)).toContain('local/import-cycles');
  });
});

describe('size limits', { timeout: 120_000 }, () => {
  it('refuses a file over 500 lines', async () => {
    const code =
      Array.from({ length: 501 }, (_, i) => `export const value${i} = ${i};`).join('\n') + '\n';
    expect(await ruleIdsFor('src/lib/probe.ts', code)).toContain('max-lines');
    expect(
      await ruleIdsFor('src/lib/probe.ts', code.split('\n').slice(0, 400).join('\n') + '\n'),
    ).toEqual([]);
  });

  it('refuses a function over 120 lines outside tests, and allows it in a test file', async () => {
    const code = `export function sum() {\n  let total = 0;\n${longBody(125)}\n  return total;\n}\n`;
    expect(await ruleIdsFor('src/lib/probe.ts', code)).toContain('max-lines-per-function');
    expect(await ruleIdsFor('functions/src/probe.ts', code)).toContain('max-lines-per-function');
    expect(await ruleIdsFor('src/lib/probe.test.ts', code)).toEqual([]);
  });
});

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// eslint-rules/import-cycles.js through the project's own eslint.config.js: a file linted in memory
// at a real path, against the real modules on disk.
const eslint = new ESLint({ cwd: process.cwd() });

async function cycleMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'local/import-cycles')
    .map((message) => message.message);
}

// use-challenge.ts imports prefetch-challenge.ts (its read descriptors), so that file importing it back closes a cycle.
const descriptorsPath = 'src/features/challenges/api/prefetch-challenge.ts';

describe('import cycles', { timeout: 120_000 }, () => {
  it('reports a cycle closed by a type-only import, naming the chain', async () => {
    const code =
      "import type { ChallengeLoad } from './use-challenge';\nexport type Load = ChallengeLoad;\n";
    expect(await cycleMessages(descriptorsPath, code)).toEqual([
      'Import cycle: src/features/challenges/api/prefetch-challenge.ts → src/features/challenges/api/use-challenge.ts → src/features/challenges/api/prefetch-challenge.ts. Move what both need to a module of its own.',
    ]);
  });

  it('reports a cycle closed by a value import through the @/ alias', async () => {
    const code =
      "import { useChallenge } from '@/features/challenges/api/use-challenge';\nexport const use = useChallenge;\n";
    expect(await cycleMessages(descriptorsPath, code)).toHaveLength(1);
  });

  it('lets a file import modules that do not lead back to it', async () => {
    const code =
      "import type { ChallengeRecord } from '@domain/challenges/challenge-record';\nexport type Stored = ChallengeRecord;\n";
    expect(await cycleMessages(descriptorsPath, code)).toEqual([]);
  });
});

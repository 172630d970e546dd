import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm run deploy names what it deploys (scripts/deploy.ts, TARGETS): a function exported from
// functions/src/index.ts but missing there would never reach production (docs/deploy.md).
const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');

describe('npm run deploy', () => {
  it('deploys every function functions/src/index.ts exports, and only those', () => {
    const exported = [...read('functions/src/index.ts').matchAll(/^export const (\w+) = on\w+\(/gm)]
      .map(([, name]) => name)
      .sort();
    const targets = /^const TARGETS =\s*'([^']+)';$/m.exec(read('scripts/deploy.ts'))?.[1] ?? '';
    const deployed = targets
      .split(',')
      .filter((target) => target.startsWith('functions:'))
      .map((target) => target.slice('functions:'.length))
      .sort();
    expect(exported.length).toBeGreaterThan(0);
    expect(deployed).toEqual(exported);
  });
});

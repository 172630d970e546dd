/** Small projects on disk, built with the real Vite, for the plugins' tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RolldownOutput } from 'rolldown';
import { build, type InlineConfig } from 'vite';

const projects: string[] = [];

/** Writes `files` (path from the root → content) into a new folder and returns its path. */
export function writeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'challangex-build-plugin-'));
  projects.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Deletes every project written so far (call it after each test). */
export function removeProjects(): void {
  for (const root of projects.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** `vite build` of `root` in memory, with only `config`'s plugins and options. */
export async function buildProject(
  root: string,
  config: InlineConfig,
): Promise<RolldownOutput['output']> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    ...config,
    build: { write: false, ...config.build },
  });
  if (!('output' in result)) throw new Error('expected one bundle from vite build');
  return result.output;
}

/** The build's chunks by name, each with its modules' paths from the root. */
export function chunksOf(root: string, output: RolldownOutput['output']) {
  return Object.fromEntries(
    output.flatMap((file) =>
      file.type === 'chunk'
        ? [[file.name, file.moduleIds.map((id) => id.replace(root, '')).sort()] as const]
        : [],
    ),
  );
}

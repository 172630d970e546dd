import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Import cycles, type-only imports included (import-x/no-cycle skips those, and a cycle of types still
 * ties two modules' meanings together: docs/architecture.md, "Layers").
 *
 * The project's module graph is read once per lint run from disk (TypeScript's own import scanner); the
 * linted file's imports come from its AST, so an editor's unsaved text is judged as written. An import is
 * reported when its target leads back to the importing file.
 */

const SOURCE_DIRS = [
  'src',
  'functions/src',
  'scripts',
  'emulators',
  'build-plugins',
  'tests',
  'e2e',
];
const SKIPPED_DIRS = new Set(['node_modules', 'lib', 'dist']);
const GRAPH_TTL_MS = 10_000;

/** @type {{ root: string, builtAt: number, edges: Map<string, string[]> } | undefined} */
let cached;

function sourceFiles(dir, found = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The file an import names, for the project's own modules (relative, or `@/` for src/); else null. */
function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else return null;
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importsOnDisk(root, file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => resolveImport(root, file, fileName))
    .filter((target) => target !== null);
}

function projectGraph(root) {
  if (cached?.root === root && Date.now() - cached.builtAt < GRAPH_TTL_MS) return cached.edges;
  const edges = new Map();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) edges.set(file, importsOnDisk(root, file));
  }
  cached = { root, builtAt: Date.now(), edges };
  return edges;
}

/** The shortest chain of imports from `start` back to `goal`, or undefined when there is none. */
function pathBack(edges, start, goal) {
  const previous = new Map([[start, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of edges.get(file) ?? []) {
      if (next === goal) {
        const chain = [file];
        while (chain[0] !== start) chain.unshift(previous.get(chain[0]));
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need to a module of its own.' },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveImport(root, file, specifier);
      if (!target || target === file) return;
      const chain = pathBack(projectGraph(root), target, file);
      if (!chain) return;
      const names = [file, ...chain, file].map((path) => relative(root, path));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

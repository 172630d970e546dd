import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

/** Modules by their path from the project root (`/src/main.tsx`). */
export interface ScreenChunkPlan {
  /** The project root the paths start from. */
  root: string;
  /** The entry, which stays out of the shell's chunk. */
  entry: string;
  /** The module the entry imports dynamically to start the app: the shell. */
  appStart: string;
  /** The main screens, one chunk each. */
  screens: readonly string[];
  /**
   * Libraries of the shell that get a chunk of their own, in the order the entry evaluates them (one task
   * each, before the shell), matched by module id. Each takes the shell modules it imports that no earlier
   * part took.
   */
  shellParts?: ReadonlyArray<{ name: string; test: RegExp }>;
}

/** Stops the build naming what to fix, not where Vite noticed it. */
function planError(message: string): Error {
  const error = new Error(`chunk-by-screen: ${message}`);
  error.stack = error.message;
  return error;
}

const isStyle = (id: string) => /\.(css|scss|sass|less)(\?.*)?$/.test(id);

const chunkName = (screen: string) =>
  screen
    .split('/')
    .pop()!
    .replace(/\.tsx?$/, '');

/**
 * Chunking by screen, so a page's code arrives in a few requests (the first
 * paint's critical path pays a round trip per request beyond the browser's
 * six per origin): the app shell and everything it imports statically is one
 * chunk (minus its `shellParts`, one chunk each: a module graph is evaluated
 * in one task, so the entry evaluates these one at a time); what several main screens import beyond it is one more; each main
 * screen with the rest of what it imports is one chunk, named after its file.
 * Lazy pieces (modals, widgets, SDKs, admin) keep Rolldown's own splitting.
 *
 * A module of the plan that does not exist, or that nothing imports, stops the
 * build: its chunk would otherwise vanish without a word.
 */
export function chunkByScreen(plan: ScreenChunkPlan): {
  plugin: Plugin;
  groups: CodeSplittingGroup[];
} {
  const { entry, appStart, screens, shellParts = [] } = plan;
  const planned = [entry, appStart, ...screens];
  const staticImports = new Map<string, readonly string[]>();
  const closures = new Map<string, Set<string>>();
  const closureOf = (suffix: string): Set<string> => {
    let closure = closures.get(suffix);
    if (closure) return closure;
    closure = new Set();
    const pending = [...staticImports.keys()].filter((id) => id.endsWith(suffix));
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (closure.has(id)) continue;
      closure.add(id);
      pending.push(...(staticImports.get(id) ?? []));
    }
    closures.set(suffix, closure);
    return closure;
  };
  const inShell = (id: string) => closureOf(appStart).has(id) && !closureOf(entry).has(id);

  const plugin: Plugin = {
    name: 'chunk-by-screen',
    apply: 'build',
    buildStart() {
      const missing = planned.filter((path) => !existsSync(join(plan.root, path)));
      if (missing.length > 0) {
        throw planError(
          `${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist. ` +
            'If a screen was moved or renamed, update its path in src/app/route-table.ts (screenChunks).',
        );
      }
    },
    buildEnd(error) {
      if (error) return;
      closures.clear();
      staticImports.clear();
      for (const id of this.getModuleIds()) {
        staticImports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      }
      const unused = planned.filter((path) => closureOf(path).size === 0);
      if (unused.length > 0) {
        throw planError(
          `nothing in the build imports ${unused.join(', ')}. ` +
            'Update src/app/route-table.ts (screenChunks) or vite.config.ts to the modules the app uses.',
        );
      }
    },
  };
  const groups: CodeSplittingGroup[] = [
    // The entry's chunk: the entry, what it imports (src/app/screen-loaders.ts and the first reads) and
    // Vite's virtual modules (its preload helper), which the shell uses too. In a shell chunk (groups take
    // their modules' dependencies) they would make the entry import that chunk statically and wait for it;
    // in a chunk of their own they would cost the first page one more request.
    {
      name: 'index',
      priority: screens.length + shellParts.length + 3,
      test: (id: string) => id.startsWith('\0') || (closureOf(entry).has(id) && !isStyle(id)),
    },
    ...shellParts.map((part, index) => ({
      name: part.name,
      priority: screens.length + shellParts.length + 2 - index,
      test: (id: string) => inShell(id) && part.test.test(id),
    })),
    { name: 'start-app', priority: screens.length + 2, test: inShell },
    {
      name: 'screens-shared',
      priority: screens.length + 1,
      test: (id: string) =>
        !inShell(id) && screens.filter((screen) => closureOf(screen).has(id)).length > 1,
    },
    ...screens.map((screen, index) => ({
      name: chunkName(screen),
      priority: screens.length - index,
      test: (id: string) => closureOf(screen).has(id) && !inShell(id),
    })),
  ];
  return { plugin, groups };
}

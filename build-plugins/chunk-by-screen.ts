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
 * screen with the rest of what it imports is one chunk, named after its file,
 * but for what lazy pieces from outside the screen also use (the sidebar's widgets, the login page's
 * form): those modules go to `lazy-shared` chunks, so such a piece never loads a whole screen.
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
  const dynamicImporters = new Map<string, string[]>();
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
  // Lazy pieces loaded from outside a screen (the layout's sidebar widgets) that use a module of that
  // screen: in the screen's chunk, the module would make them load and evaluate the whole screen (a sidebar
  // widget pulling the challenge page's 200 KB with zod). Such modules go to `lazy-shared` chunks instead,
  // split by which pieces use them.
  const lazyRootsFrom = new Map<string, string[]>();
  const lazyRootsOutside = (screen: string): string[] => {
    let roots = lazyRootsFrom.get(screen);
    if (roots) return roots;
    const own = closureOf(screen);
    roots = [...dynamicImporters]
      .filter(([root]) => !planned.some((path) => root.endsWith(path)))
      .filter(([, importers]) =>
        importers.some((importer) => !own.has(importer) || inShell(importer)),
      )
      .map(([root]) => root);
    lazyRootsFrom.set(screen, roots);
    return roots;
  };
  const inOneScreen = (id: string) =>
    !inShell(id) && screens.filter((screen) => closureOf(screen).has(id)).length === 1;
  const sharedWithLazyPieces = (screen: string, id: string) =>
    closureOf(screen).has(id) &&
    inOneScreen(id) &&
    lazyRootsOutside(screen).some((root) => closureOf(root).has(id));

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
      lazyRootsFrom.clear();
      staticImports.clear();
      dynamicImporters.clear();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        staticImports.set(id, info?.importedIds ?? []);
        for (const imported of info?.dynamicallyImportedIds ?? []) {
          dynamicImporters.set(imported, [...(dynamicImporters.get(imported) ?? []), id]);
        }
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
      priority: screens.length + shellParts.length + 4,
      test: (id: string) => id.startsWith('\0') || (closureOf(entry).has(id) && !isStyle(id)),
    },
    ...shellParts.map((part, index) => ({
      name: part.name,
      priority: screens.length + shellParts.length + 3 - index,
      test: (id: string) => inShell(id) && part.test.test(id),
    })),
    { name: 'start-app', priority: screens.length + 3, test: inShell },
    {
      name: 'screens-shared',
      priority: screens.length + 2,
      test: (id: string) =>
        !inShell(id) && screens.filter((screen) => closureOf(screen).has(id)).length > 1,
    },
    {
      name: 'lazy-shared',
      priority: screens.length + 1,
      // Split by which pieces load each module, so a widget takes only what it uses. Groups under 8 KB merge;
      // at 20 KB a group the entry loads took in one only lazy pieces use (the first load grew ~2 KB when the
      // reminders' web-push service joined the graph).
      entriesAware: true,
      entriesAwareMergeThreshold: 8_000,
      test: (id: string) => screens.some((screen) => sharedWithLazyPieces(screen, id)),
    },
    ...screens.map((screen, index) => ({
      name: chunkName(screen),
      priority: screens.length - index,
      test: (id: string) => closureOf(screen).has(id) && !inShell(id),
    })),
  ];
  return { plugin, groups };
}

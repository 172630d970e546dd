import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import type { CodeSplittingGroup } from 'rolldown';
import react from '@vitejs/plugin-react';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostCssPlugin } from 'postcss';
import { describeProblems, productionConfigProblems } from './scripts/lib/firebase-web-config.ts';
import { emulatorHostingHeaders } from './scripts/lib/served-hosting-headers.ts';

// The SPA calls /api/...; locally that is the Functions emulator (Hosting rewrites it in production).
const apiTarget =
  process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001/demo-challangex/us-central1/api';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

const reactBootstrapDir = 'node_modules/react-bootstrap/esm';

/** Our source files, for the class names they use. */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** react-bootstrap's modules we import, with the modules they import in turn. */
function reactBootstrapModulesInUse(sources: string[]): string[] {
  const pending = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)].map(
      (match) => match[1],
    ),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(reactBootstrapDir, `${name}.js`), 'utf8');
    for (const match of code.matchAll(/from '\.\/(\w+)(?:\.js)?'/g)) pending.push(match[1]);
  }
  return [...seen].map((name) => join(reactBootstrapDir, `${name}.js`));
}

/**
 * Class prefixes react-bootstrap joins to prop values at run time
 * (`btn-${variant}`, `col-${breakpoint}-${span}` …): each word in our code is
 * also tried after each of them, so `variant="success"` keeps `.btn-success`.
 */
const COMPOSED_PREFIXES = [
  ...['btn', 'btn-outline', 'alert', 'bg', 'text', 'text-bg', 'border', 'badge', 'table'],
  ...['spinner', 'spinner-border', 'spinner-grow', 'placeholder', 'pagination', 'progress-bar'],
  ...['col', 'row-cols', 'offset', 'order', 'navbar-expand', 'sticky', 'fixed', 'nav'],
  ...['modal', 'modal-dialog', 'modal-fullscreen', 'carousel', 'carousel-item', 'dropdown-menu'],
  ...['list-group', 'list-group-item', 'form', 'form-check', 'form-control', 'form-select'],
  ...['navbar', 'card', 'card-img', 'tab', 'page', 'progress'],
];
const BREAKPOINTS = ['sm', 'md', 'lg', 'xl', 'xxl'];
const prefixes = COMPOSED_PREFIXES.flatMap((prefix) => [
  prefix,
  ...BREAKPOINTS.map((breakpoint) => `${prefix}-${breakpoint}`),
]);

const wordsOf = (content: string) => content.match(/[\w-]+/g) ?? [];

/** Their own suffixes (`${prefix}-inner`, `${prefix}-control-prev` …), in react-bootstrap's code too. */
function withComposedSuffixes(content: string): string[] {
  const words = wordsOf(content);
  const suffixes = words.filter((word) => word.startsWith('-'));
  return [...words, ...prefixes.flatMap((prefix) => suffixes.map((suffix) => prefix + suffix))];
}

/** Our props, composed too; 'primary' is react-bootstrap's default variant. */
function withComposedProps(content: string): string[] {
  const words = [...new Set(['primary', ...wordsOf(content)])];
  return [
    ...withComposedSuffixes(content),
    ...prefixes.flatMap((prefix) => words.map((word) => `${prefix}-${word}`)),
  ];
}

/**
 * Bootstrap's stylesheet is render-blocking and ~90 % unused: the build keeps
 * only its rules for classes and elements our code or the react-bootstrap
 * components we use can produce. Our own stylesheets are left alone.
 */
function purgeUnusedBootstrap(): PostCssPlugin {
  const sources = sourceFiles();
  const purge = purgeCss({
    content: ['index.html', ...sources, ...reactBootstrapModulesInUse(sources)],
    defaultExtractor: withComposedSuffixes,
    extractors: [{ extensions: ['ts', 'tsx'], extractor: withComposedProps }],
    // Set by react-bootstrap's transitions (its carousel's slide directions are values in its own code).
    safelist: [
      ...['show', 'showing', 'fade', 'collapsing', 'modal-open', 'modal-static', 'pointer-event'],
      ...['carousel-item-next', 'carousel-item-prev', 'carousel-item-start', 'carousel-item-end'],
    ],
  }) as PostCssPlugin;
  return {
    postcssPlugin: 'purge-unused-bootstrap',
    async OnceExit(root, helpers) {
      if (root.source?.input.file?.includes('/node_modules/bootstrap/')) {
        await purge.OnceExit?.(root, helpers);
      }
    },
  };
}

const ENTRY_MODULE = '/src/main.tsx';
/** The module src/main.tsx imports once the static shell has painted. */
const APP_START_MODULE = '/src/app/start-app.tsx';

/**
 * The app's chunk is a dynamic import (so the shell paints before it runs), but
 * it is needed at once: index.html fetches it and its static imports in
 * parallel with the entry, as Vite does for the entry's own imports. At low
 * priority: the stylesheet, which the shell's first paint waits for, comes first.
 */
function modulepreloadAppStart(): Plugin {
  return {
    name: 'modulepreload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const start = [...chunks.values()].find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith(APP_START_MODULE)),
        );
        if (!start) throw new Error(`No chunk for ${APP_START_MODULE}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.get(fileName)?.imports.forEach(visit);
        };
        visit(start.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Chunking by screen, so a page's code arrives in a few requests (the first
 * paint's critical path pays a round trip per request beyond the browser's
 * six per origin): the app shell and everything it imports statically is one
 * chunk; what several main screens import beyond it is one more; each main
 * screen with the rest of what it imports is one chunk. Lazy pieces (modals,
 * widgets, SDKs, admin) keep Rolldown's own splitting.
 */
const SCREEN_MODULES = [
  '/src/app/routes/layout-page.tsx',
  '/src/features/feed/components/feed-page.tsx',
  '/src/features/challenges/components/challenge-page.tsx',
  '/src/features/profile/components/profile-page.tsx',
];

function chunkByScreen(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
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
  const inShell = (id: string) =>
    closureOf(APP_START_MODULE).has(id) && !closureOf(ENTRY_MODULE).has(id);
  const plugin: Plugin = {
    name: 'chunk-by-screen',
    apply: 'build',
    buildEnd() {
      closures.clear();
      for (const id of this.getModuleIds())
        staticImports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  const groups: CodeSplittingGroup[] = [
    // Virtual modules, e.g. Vite's preload helper, which main.tsx uses too: with the shell's chunk
    // (groups take their modules' dependencies) the entry would import that chunk statically.
    { name: 'vite-helpers', priority: SCREEN_MODULES.length + 3, test: /^\0/ },
    { name: 'start-app', priority: SCREEN_MODULES.length + 2, test: inShell },
    {
      name: 'screens-shared',
      priority: SCREEN_MODULES.length + 1,
      test: (id: string) =>
        !inShell(id) && SCREEN_MODULES.filter((screen) => closureOf(screen).has(id)).length > 1,
    },
    ...SCREEN_MODULES.map((screen, index) => ({
      name: screen
        .split('/')
        .pop()!
        .replace(/\.tsx$/, ''),
      priority: SCREEN_MODULES.length - index,
      test: (id: string) => closureOf(screen).has(id) && !inShell(id),
    })),
  ];
  return { plugin, groups };
}

const screenChunks = chunkByScreen();

/**
 * A production build takes its Firebase config from the environment
 * (.env.production.local or CI; see .env.example) and stops, naming each
 * missing variable, rather than ship an app wired to nothing or to the emulators.
 */
function requireProductionFirebaseConfig(): Plugin {
  return {
    name: 'require-production-firebase-config',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    configResolved({ env }) {
      const problems = productionConfigProblems(env);
      if (problems.length === 0) return;
      const error = new Error(describeProblems(problems));
      error.stack = error.message; // what to fix, not where Vite noticed it
      throw error;
    },
  };
}

export default defineConfig(({ command, mode, isPreview }) => ({
  plugins: [
    requireProductionFirebaseConfig(),
    react(),
    modulepreloadAppStart(),
    screenChunks.plugin,
  ],
  // `@/x` is `src/x`: imports name where a module lives, not how many folders to climb.
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  css: { postcss: { plugins: command === 'build' ? [purgeUnusedBootstrap()] : [] } },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: screenChunks.groups } } },
    // The shell is one chunk on purpose (~500 KB raw); tests/bench/bundle-budget.test.ts guards its gzip size.
    chunkSizeWarningLimit: 600,
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  preview: {
    port: 4173,
    strictPort: true,
    host: '127.0.0.1',
    proxy,
    // An emulator build is served with Hosting's headers (CSP included), so the e2e tests see what members get.
    headers:
      isPreview && mode === 'emulators'
        ? emulatorHostingHeaders(loadEnv(mode, import.meta.dirname, 'VITE_'))
        : undefined,
  },
}));

import { resolve } from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkByScreen } from './build-plugins/chunk-by-screen.ts';
import { deferManifestLink } from './build-plugins/defer-manifest-link.ts';
import { inlineFavicon } from './build-plugins/inline-favicon.ts';
import { storageImagesPattern, withStorageImages } from './build-plugins/installable-app.ts';
import { modulepreloadAppStart } from './build-plugins/modulepreload-app-start.ts';
import { prerenderPublicPages } from './build-plugins/prerender-public-pages.ts';
import { previewBrotli } from './build-plugins/preview-brotli.ts';
import { previewHostingRewrites } from './build-plugins/preview-hosting-rewrites.ts';
import { purgeUnusedBootstrap } from './build-plugins/purge-unused-bootstrap.ts';
import { requireProductionFirebaseConfig } from './build-plugins/require-production-firebase-config.ts';
import { emulatorHostingHeaders } from './scripts/lib/served-hosting-headers.ts';
import { screenChunks } from './src/app/route-table.ts';
import { MANIFEST_TEMPLATE_ID } from './src/app/shell/app-manifest.ts';

const root = import.meta.dirname;

// The SPA calls /api/...; locally that is the Functions emulator (Hosting rewrites it in production).
const apiTarget =
  process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001/demo-challangex/us-central1/api';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

/** The module src/main.tsx imports once the static shell has painted. */
const APP_START_MODULE = '/src/app/start-app.tsx';

// One chunk per main screen of the route table; the build stops if one of their paths stops existing.
const chunkPlan = chunkByScreen({
  root,
  entry: '/src/main.tsx',
  appStart: APP_START_MODULE,
  screens: Object.values(screenChunks),
  // Evaluated one task each by src/main.tsx, in this order, before the rest of the shell (Total Blocking Time).
  shellParts: [
    { name: 'react-dom', test: /\/node_modules\/(react|react-dom|scheduler)\// },
    // The router module (not react-router's whole namespace, so that unused exports are still dropped) and the
    // app's start: one request fewer on the first page than a start-app chunk of its own.
    { name: 'app-shell', test: /\/src\/app\/(router|start-app)\.tsx$/ },
  ],
});

/** The Storage download URLs of the bucket a build is configured with (src/services/firebase-config.ts). */
function buildStorageImages(env: Record<string, string>): RegExp {
  const bucket = env.VITE_FIREBASE_STORAGE_BUCKET || `${env.VITE_FIREBASE_PROJECT_ID}.appspot.com`;
  const emulatorOrigin =
    env.VITE_USE_EMULATORS === 'true'
      ? `http://${env.VITE_EMULATOR_HOST || '127.0.0.1'}:${env.VITE_STORAGE_EMULATOR_PORT || '9199'}`
      : undefined;
  return storageImagesPattern(bucket, emulatorOrigin);
}

export default defineConfig(({ command, mode, isPreview, isSsrBuild }) => ({
  plugins: [
    requireProductionFirebaseConfig(),
    react(),
    inlineFavicon(resolve(root, 'src/assets/logo.svg')),
    modulepreloadAppStart(APP_START_MODULE),
    // The chunk plan is the browser's; the prerender's server build (below) is one bundle run once at build.
    ...(isSsrBuild ? [] : [chunkPlan.plugin]),
    // Manifest and service worker in client builds only; `vite` (dev) and the unit tests run without a worker.
    // The worker caches images of this build's bucket only (the local emulator's in an emulator build).
    VitePWA({
      ...withStorageImages(buildStorageImages(loadEnv(mode, root, 'VITE_'))),
      disable: command !== 'build' || Boolean(isSsrBuild),
    }),
    // The signed-out home, about, contact and the leader-board as HTML with their content
    // (docs/architecture.md, "Prerendered public pages"); before VitePWA's worker, which precaches the shell.
    prerenderPublicPages({ serverEntry: 'src/app/prerender-page.tsx' }),
    // After VitePWA: its manifest link waits until the page has loaded.
    deferManifestLink(MANIFEST_TEMPLATE_ID),
    // `vite preview` (the bench, the e2e tests) compresses as Hosting does: Brotli when the browser accepts it.
    previewBrotli(),
    // ...and routes addresses as firebase.json's rewrites do: each prerendered page at its path, the shell elsewhere.
    previewHostingRewrites(resolve(root, 'firebase.json')),
  ],
  // `@/x` is `src/x`: imports name where a module lives, not how many folders to climb.
  resolve: { alias: { '@domain': resolve(root, 'src/domain'), '@': resolve(root, 'src') } },
  // Bootstrap's stylesheet is render-blocking: a build keeps only the rules the app can use.
  css: { postcss: { plugins: command === 'build' ? [purgeUnusedBootstrap(root)] : [] } },
  build: {
    // Every browser the app supports fetches <link rel="modulepreload"> itself (Safari since 17): the polyfill
    // would be ~0.5 KB gzip in the first load, for nothing.
    modulePreload: { polyfill: false },
    // One stylesheet, linked by index.html: the screens' own rules are ~2 KB gzip in all, less than what a
    // request of their own costs the first page (docs/performance.md, "Decisions that hold the budgets").
    cssCodeSplit: false,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkPlan.groups } } },
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
        ? emulatorHostingHeaders(loadEnv(mode, root, 'VITE_'))
        : undefined,
  },
}));

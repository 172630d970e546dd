import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { ResolvedVitePWAOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { STORAGE_IMAGES_CACHE } from '../src/lib/device-storage';
import { SPA_SHELL_FILE } from './prerendered-pages.ts';

/** The logo's green: the manifest's theme colour, index.html's `theme-color` and the maskable icon's background. */
export const THEME_COLOUR = '#146c43';

/**
 * vite-plugin-pwa's settings (docs/performance.md#installable-app): the web app manifest, and a Workbox service
 * worker that precaches the app shell and the hashed build assets and caches meal images at run time. API calls
 * (/api), the Realtime Database (REST and WebSocket) and Auth are never cached: they pass straight to the network.
 * Updates wait for the member (registerType 'prompt', src/app/shell/update-prompt.tsx), so an open tab never
 * switches versions under them and never stays on an old one silently.
 */
/** Replaced by withStorageImages; matches nothing. */
const STORAGE_IMAGES_PLACEHOLDER = /(?!)/;

/**
 * The download URLs of the project's bucket only, on Google's Storage API or, in an emulator build, the
 * local Storage emulator (Workbox matches a cross-origin URL from its start).
 */
export function storageImagesPattern(bucket: string, emulatorOrigin?: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const origins = [
    'https://firebasestorage.googleapis.com',
    ...(emulatorOrigin ? [emulatorOrigin] : []),
  ];
  return new RegExp(`^(?:${origins.map(escape).join('|')})\\/v0\\/b\\/${escape(bucket)}\\/o\\/`);
}

/** installableApp with the service worker caching images of this build's bucket alone. */
export function withStorageImages(storageImages: RegExp): Partial<VitePWAOptions> {
  const caching = installableApp.workbox?.runtimeCaching ?? [];
  return {
    ...installableApp,
    workbox: {
      ...installableApp.workbox,
      runtimeCaching: caching.map((entry) =>
        entry.urlPattern === STORAGE_IMAGES_PLACEHOLDER
          ? { ...entry, urlPattern: storageImages }
          : entry,
      ),
    },
  };
}

const repoRoot = resolve(import.meta.dirname, '..');
/** The app's own service-worker code (push notifications, and #43's background sync beside them). */
export const APP_WORKER_ENTRY = join(repoRoot, 'src/service-worker/app-worker.ts');

/** The app's worker code as one classic script (importScripts runs no modules), minified. */
export async function bundleAppWorker(entry = APP_WORKER_ENTRY): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    resolve: {
      alias: { '@domain': join(repoRoot, 'src/domain'), '@': join(repoRoot, 'src') },
    },
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'challangexAppWorker', fileName: 'app-worker' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!result || !('output' in result)) throw new Error('The app worker build gave no output');
  return result.output[0].code;
}

/**
 * Before Workbox writes sw.js: the app's worker code, bundled, is written beside it under a name made from
 * its content, and sw.js imports it. A change to that code thus changes sw.js, which is how browsers learn of
 * a new version; the precache and the runtime caching stay Workbox's, exactly as configured below.
 */
async function addAppWorker(options: ResolvedVitePWAOptions): Promise<void> {
  const code = await bundleAppWorker();
  const outDir = options.workbox.globDirectory;
  if (!outDir) throw new Error("vite-plugin-pwa gave no globDirectory for the app's worker");
  const name = `app-worker-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(outDir, name), code);
  options.workbox.importScripts = [...(options.workbox.importScripts ?? []), `/${name}`];
}

export const installableApp: Partial<VitePWAOptions> = {
  integration: { beforeBuildServiceWorker: addAppWorker },
  registerType: 'prompt',
  // src/app/start-app.tsx registers the worker itself, after the first paint.
  injectRegister: false,
  manifest: {
    name: 'ChallangeX',
    short_name: 'ChallangeX',
    description:
      'Take a personal meal challenge, follow a plan made for your body and goal, prove every meal and climb the leaderboard.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: '#f4f7f5',
    // Generated from src/assets/logo.svg by scripts/generate-app-icons.ts.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    // The shell and every hashed chunk and stylesheet; the 219 meal illustrations are cached when first shown.
    // The SPA shell, not the prerendered home (index.html): it must never stand in for another address.
    globPatterns: [SPA_SHELL_FILE, 'assets/**/*.{js,css}', 'icons/*.png'],
    // Any in-app address opens the precached shell (the router draws the page); /api and files do not.
    navigateFallback: `/${SPA_SHELL_FILE}`,
    navigateFallbackDenylist: [/^\/api\//, /^\/__\//, /\.[a-z0-9]+$/i],
    cleanupOutdatedCaches: true,
    // The largest chunk (the shell) is ~500 KB raw; Workbox's default limit is 2 MiB, kept as a guard.
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/meals/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'meal-images',
          expiration: { maxEntries: 250, maxAgeSeconds: 30 * 24 * 60 * 60 },
        },
      },
      {
        // The project's own Storage download URLs: proof photos and avatars. A download URL names one
        // object version (its token), so a cached copy stays right. The pattern is set per build
        // (withStorageImages): any other host, even one whose path looks like Storage's, is never cached.
        urlPattern: STORAGE_IMAGES_PLACEHOLDER,
        handler: 'CacheFirst',
        options: {
          cacheName: STORAGE_IMAGES_CACHE,
          // <img> loads them without CORS: opaque responses (status 0) are what there is to cache.
          cacheableResponse: { statuses: [0, 200] },
          expiration: {
            maxEntries: 200,
            maxAgeSeconds: 30 * 24 * 60 * 60,
            purgeOnQuotaError: true,
          },
        },
      },
    ],
  },
};

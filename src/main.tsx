import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/app.css';
import { preloadAddress } from '@/app/screen-loaders';
import { afterNextPaint, nextTask } from '@/lib/main-content';

/**
 * A module graph is evaluated in one task: the shell's ~440 KB of script would be one long task (Total
 * Blocking Time). Its largest libraries are chunks of their own (`shellParts` in vite.config.ts), evaluated
 * here one task each, in that order, before the rest of the shell. index.html modulepreloads them all, so
 * the steps cost no round trip. Firebase Auth is not among them: the page renders for the session saved on
 * this device, and Auth loads once the main content is on screen (src/services/saved-session.ts).
 */
async function startApp() {
  await import('react-dom/client');
  await nextTask();
  await import('@/app/router');
  await nextTask();
  await import('@/app/start-app');
}

// The address's screens (and the feed's first data) download beside the shell's chunks, not after them.
void preloadAddress(window.location);

// index.html's static shell paints first, without waiting for the app's chunks to be evaluated; the app
// (React, router) starts right after that paint. index.html modulepreloads its chunks.
afterNextPaint(() => void startApp());

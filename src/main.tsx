import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/app.css';
import { preloadAddress } from '@/app/screen-loaders';

// The address's screens (and the feed's first data) download beside the shell's chunks, not after them.
void preloadAddress(window.location);

// Then the app (React, the router; index.html modulepreloads their chunks), at once: the first load is small
// enough now that its evaluation needs no turns or wait for a paint (docs/performance.md, "What the first paint
// downloads"). A chunk of its own, so the requests above leave before React is evaluated.
void import('@/app/start-app');

/**
 * The app's own code in the service worker, beside Workbox's precaching and runtime caching
 * (build-plugins/installable-app.ts bundles this file and the generated worker imports it).
 * Each part is a module of its own, started here.
 */
import { listenForPushes, type PushWorkerScope } from './push-notifications';

declare const self: PushWorkerScope;

// Meal reminders, nudges and cheers (docs/product.md, "Meal reminders").
listenForPushes(self);
// Background sync of queued proof uploads (#43) starts here, from a module of its own beside this one.

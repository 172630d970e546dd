/**
 * The Firebase project's settings and the local emulators' addresses: plain values, no SDK, so the entry's
 * first reads (database-reads.ts) can use them before any Firebase code has loaded.
 */
const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID;

// A production build must set every field (vite.config.ts stops it otherwise); the
// fallbacks serve the emulators, which only need a project id.
export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY,
  projectId,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
  databaseURL: env.VITE_FIREBASE_DATABASE_URL ?? `https://${projectId}-default-rtdb.firebaseio.com`,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID,
};

// Read as `import.meta.env.X`, which the build replaces with a constant: in a production
// bundle this is `null`, and the emulator wiring in the services is dropped with it.
export const emulators =
  import.meta.env.VITE_USE_EMULATORS === 'true'
    ? {
        host: import.meta.env.VITE_EMULATOR_HOST ?? '127.0.0.1',
        authPort: Number(import.meta.env.VITE_AUTH_EMULATOR_PORT ?? 9099),
        databasePort: Number(import.meta.env.VITE_DATABASE_EMULATOR_PORT ?? 9000),
        storagePort: Number(import.meta.env.VITE_STORAGE_EMULATOR_PORT ?? 9199),
      }
    : null;

/** Where member photos may come from (src/domain/members/member-identity.ts): the bucket's download URLs. */
export const photoSources = {
  bucket: firebaseConfig.storageBucket,
  storageOrigins: emulators ? [`http://${emulators.host}:${emulators.storagePort}`] : undefined,
};

import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';

const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID;

export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY,
  projectId,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
  databaseURL: env.VITE_FIREBASE_DATABASE_URL ?? `https://${projectId}-default-rtdb.firebaseio.com`,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID,
};

export const emulators =
  env.VITE_USE_EMULATORS === 'true'
    ? {
        host: env.VITE_EMULATOR_HOST ?? '127.0.0.1',
        authPort: Number(env.VITE_AUTH_EMULATOR_PORT ?? 9099),
        databasePort: Number(env.VITE_DATABASE_EMULATOR_PORT ?? 9000),
        storagePort: Number(env.VITE_STORAGE_EMULATOR_PORT ?? 9199),
      }
    : null;

export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(firebaseConfig);
}

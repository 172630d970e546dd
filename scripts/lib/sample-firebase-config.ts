/**
 * A made-up production config (no such project exists) that `npm test` builds
 * the production bundle with, so the tests can check what a real build ships.
 */
export const SAMPLE_PRODUCTION_ENV = {
  VITE_FIREBASE_API_KEY: 'sample-web-api-key-for-tests',
  VITE_FIREBASE_AUTH_DOMAIN: 'challangex-sample.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'challangex-sample',
  VITE_FIREBASE_DATABASE_URL:
    'https://challangex-sample-default-rtdb.europe-west1.firebasedatabase.app',
  VITE_FIREBASE_STORAGE_BUCKET: 'challangex-sample.firebasestorage.app',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
};

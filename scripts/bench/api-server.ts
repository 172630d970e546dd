/**
 * The API of functions/src/app.ts with its production defaults (planner,
 * rate limits, active-challenge limit), on a loopback port of its own, in its
 * own process so the load generator does not share its event loop. Needs
 * FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and
 * BENCH_DATABASE_NAMESPACE; prints {"port": N} once listening; stops on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { createApp } from '../../functions/src/app';

const namespace = process.env.BENCH_DATABASE_NAMESPACE;
if (!namespace || !process.env.FIREBASE_AUTH_EMULATOR_HOST || !process.env.FIREBASE_DATABASE_EMULATOR_HOST) {
  throw new Error('api-server needs FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and BENCH_DATABASE_NAMESPACE');
}
const firebaseApp = initializeApp({ projectId: 'demo-challangex-bench', databaseURL: `https://${namespace}.firebaseio.com` });
const app = createApp({ database: getDatabase(firebaseApp), auth: getAuth(firebaseApp), allowedOrigins: [] });
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});

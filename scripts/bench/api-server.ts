/**
 * The API of functions/src/http/app.ts with its production defaults (planner,
 * rate limits, active-challenge limit), on a loopback port of its own, in its
 * own process so the load generator does not share its event loop. Needs
 * FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and
 * BENCH_DATABASE_NAMESPACE; prints {"port": N} once listening; stops on SIGTERM.
 *
 * It also times each request inside the server, and the part spent in
 * verifyIdToken: its revocation check (functions/src/http/authenticate.ts) is one
 * Auth lookup per request, here over HTTP to firebase-tools' Auth emulator and
 * in production to Google's, so the bench reports the server's own time
 * without that lookup too (for the join, which runs the lookup alongside its
 * first reads, that figure takes off time the request did not wait for).
 * GET /bench/server-timings returns and clears what was recorded, with the
 * CPU time the process used since the previous call (a figure the other
 * sessions of a shared machine move less than wall time).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { createApp } from '../../functions/src/http/app';

export interface ServerTiming {
  status: number;
  serverMs: number;
  tokenCheckMs: number;
}

export interface ServerTimings {
  requests: ServerTiming[];
  /** User + system CPU time of the API process since the previous report. */
  cpuMs: number;
}

const namespace = process.env.BENCH_DATABASE_NAMESPACE;
if (
  !namespace ||
  !process.env.FIREBASE_AUTH_EMULATOR_HOST ||
  !process.env.FIREBASE_DATABASE_EMULATOR_HOST
) {
  throw new Error(
    'api-server needs FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and BENCH_DATABASE_NAMESPACE',
  );
}
const firebaseApp = initializeApp({
  projectId: 'demo-challangex-bench',
  databaseURL: `https://${namespace}.firebaseio.com`,
});
const auth = getAuth(firebaseApp);
const current = new AsyncLocalStorage<{ tokenCheckMs: number }>();
let recorded: ServerTiming[] = [];
let cpuAtLastReport = process.cpuUsage();

const verifyIdToken = auth.verifyIdToken.bind(auth);
/**
 * Deployed, verifyIdToken(token) checks the signature with cached keys and asks Auth nothing; only the
 * revocation check (checkRevoked) looks the account up. firebase-admin on the Auth emulator looks it up
 * on every call, so a throttled route would pay two lookups here where production pays one: the bench
 * reads the claims of the emulator's unsigned token instead, as the signature check would.
 */
const signatureChecked = async (token: string): Promise<DecodedIdToken> => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { ...claims, uid: claims.sub } as unknown as DecodedIdToken;
};
auth.verifyIdToken = async (token, checkRevoked) => {
  const started = performance.now();
  try {
    return checkRevoked ? await verifyIdToken(token, true) : await signatureChecked(token);
  } catch (error) {
    console.error(`verifyIdToken failed: ${(error as Error).message}`);
    throw error;
  } finally {
    const timing = current.getStore();
    if (timing) timing.tokenCheckMs += performance.now() - started;
  }
};

const server = express();
server.get('/bench/server-timings', (_request, response) => {
  const cpu = process.cpuUsage(cpuAtLastReport);
  cpuAtLastReport = process.cpuUsage();
  const report: ServerTimings = { requests: recorded, cpuMs: (cpu.user + cpu.system) / 1000 };
  response.json(report);
  recorded = [];
});
server.use((_request, response, next) => {
  const started = performance.now();
  const timing = { tokenCheckMs: 0 };
  response.on('finish', () =>
    recorded.push({
      status: response.statusCode,
      serverMs: performance.now() - started,
      tokenCheckMs: timing.tokenCheckMs,
    }),
  );
  current.run(timing, next);
});
server.use(
  createApp({
    database: getDatabase(firebaseApp),
    auth,
    allowedOrigins: [],
    // The bench does not call the recompute, the only reader of proof photos.
    proofs: { createdAt: async () => undefined },
    photoSources: { bucket: 'demo-challangex-bench.appspot.com' },
  }),
);

const listener = server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (listener.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => {
  listener.close();
  process.exit(0);
});

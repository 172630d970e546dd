/**
 * POST /api/generate with the built-in planner: latency and throughput for
 * 1-day and 7-day plans at concurrency 1 and 16, against the real Express app
 * (own process), firebase-admin on our RTDB emulator and real ID tokens from
 * firebase-tools' Auth emulator.
 *
 * A member may hold 2 active challenges and 10 generate calls a minute, so
 * every member sends exactly 2 requests, spaced a whole pass of members
 * apart: every request creates a challenge (201) and none waits on another's
 * per-member lock. The rate limiter still runs on every request.
 */
import { join } from 'node:path';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import { MAX_ACTIVE_CHALLENGES, type Preference } from '@domain/constants';
import { startAuthEmulator } from '../lib/auth-emulator';
import { startNodeProcess } from '../lib/processes';
import { repoRoot } from '../lib/stack';
import { measureApiLatency, serverTimings, type ApiLatency } from './api-latency';
import { runLoad } from './load-loop';
import { randomProfiles } from './random-profiles';

const PROJECT_ID = 'demo-challangex-bench';
const NAMESPACE = 'bench-generate';
const WARMUP_REQUESTS = 40;
const SIGNUP_PARALLELISM = 8;
const TIME_ZONE = 'Asia/Kolkata';

export interface GenerateRun extends ApiLatency {
  days: number;
}

export interface GenerateLatencyResult {
  runs: GenerateRun[];
  members: number;
}

export interface Member {
  uid: string;
  idToken: string;
  preference: Preference;
}

export async function signUpMembers(authHost: string, count: number): Promise<Member[]> {
  const profiles = randomProfiles(count, 'generate-members');
  const members: Member[] = [];
  for (let start = 0; start < count; start += SIGNUP_PARALLELISM) {
    const batch = profiles.slice(start, start + SIGNUP_PARALLELISM).map(async (profile, offset) => {
      const response = await fetch(
        `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `member${start + offset}@bench.challangex.dev`,
            password: 'bench-pass-1',
            returnSecureToken: true,
          }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      if (!response.ok)
        throw new Error(`Auth emulator signUp: ${response.status} ${await response.text()}`);
      const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
      return { uid: localId, idToken, preference: profile.preference, profile };
    });
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

/** Complete profiles, as members have after their first sign-in and the profile form. */
export async function writeProfiles(
  databasePort: number,
  members: Member[],
  namespace = NAMESPACE,
): Promise<void> {
  const profiles = randomProfiles(members.length, 'generate-members');
  const update: Record<string, unknown> = {};
  members.forEach(({ uid }, index) => {
    const { body, preference } = profiles[index];
    update[`users/${uid}/info`] = {
      uid,
      displayName: `Bench member ${index}`,
      photoURL: '',
      joinAt: '2026-01-01 09:00:00',
      createdAt: Date.now(),
      location: 'Pune',
      preference,
      bio: '',
    };
    update[`users/${uid}/private`] = {
      email: `member${index}@bench.challangex.dev`,
      emailVerified: false,
      ...body,
    };
  });
  const response = await fetch(`http://127.0.0.1:${databasePort}/.json?ns=${namespace}`, {
    method: 'PATCH',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(JSON.parse(JSON.stringify(update))),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok)
    throw new Error(`Writing profiles: ${response.status} ${await response.text()}`);
}

export async function startApiServer(env: Record<string, string>) {
  let announcePort: (port: number) => void = () => {};
  const announced = new Promise<number>((resolve) => (announcePort = resolve));
  // BENCH_API_CPU_PROF=<dir>: the API process writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_API_CPU_PROF;
  const server = startNodeProcess('api', 'scripts/bench/api-server.ts', [], {
    nodeArgs: [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    env,
    log: (_source, line) => {
      try {
        const { port } = JSON.parse(line) as { port?: number };
        if (port) announcePort(port);
      } catch {
        console.error(line); // a log line
      }
    },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const port = await Promise.race([
      announced,
      server.exited.then((code) => Promise.reject(new Error(`The API server exited (${code})`))),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('The API server did not start within 60 s')),
          60_000,
        );
      }),
    ]);
    return { port, stop: () => server.stop('SIGTERM', 5_000) };
  } catch (error) {
    await server.stop('SIGTERM', 5_000);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function generateRequest(member: Member, days: number, index: number) {
  // Tomorrow: late in the zone's day a challenge starting today has no meal window left (422).
  const startDate = addDays(calendarDateInZone(Date.now(), TIME_ZONE), 1);
  return {
    path: '/api/generate',
    headers: { authorization: `Bearer ${member.idToken}` },
    body: JSON.stringify({
      title: `Bench challenge ${index}`,
      day: days,
      user_id: member.uid,
      preference: member.preference,
      targetBody: 'Lean',
      displayName: 'Bench member',
      photoURL: '',
      timezone: TIME_ZONE,
      startDate,
    }),
  };
}

export async function measureGenerateLatency(requestsPerRun = 300): Promise<GenerateLatencyResult> {
  const configs = [1, 7].flatMap((days) => [1, 16].map((concurrency) => ({ days, concurrency })));
  const membersPerRun = Math.ceil(requestsPerRun / MAX_ACTIVE_CHALLENGES);
  const warmupMembers = Math.ceil(WARMUP_REQUESTS / MAX_ACTIVE_CHALLENGES);
  const memberCount = warmupMembers + configs.length * membersPerRun;

  const database = await startDatabaseEmulator({
    port: 0,
    rulesFile: join(repoRoot, 'database.rules.json'),
    log: () => {},
  });
  const auth = await startAuthEmulator(PROJECT_ID).catch(async (error) => {
    await database.close();
    throw error;
  });
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    const members = await signUpMembers(auth.host, memberCount);
    await writeProfiles(database.port, members);
    api = await startApiServer({
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${database.port}`,
      BENCH_DATABASE_NAMESPACE: NAMESPACE,
    });
    const { port } = api;
    // Each pool is walked twice: a member's second request comes a whole pass after its first.
    const pool = (offset: number, size: number) => (index: number) =>
      members[offset + (index % size)];

    const warmupMember = pool(0, warmupMembers);
    await runLoad({
      port,
      requests: WARMUP_REQUESTS,
      concurrency: 4,
      expectedStatus: 201,
      makeRequest: (index) => generateRequest(warmupMember(index), 7, index),
    });
    await serverTimings(port);

    const runs: GenerateRun[] = [];
    for (const [configIndex, { days, concurrency }] of configs.entries()) {
      const member = pool(warmupMembers + configIndex * membersPerRun, membersPerRun);
      const result = await measureApiLatency({
        port,
        requests: membersPerRun * MAX_ACTIVE_CHALLENGES,
        concurrency,
        expectedStatus: 201,
        makeRequest: (index) => generateRequest(member(index), days, index),
      });
      runs.push({ days, ...result });
    }
    return { runs, members: memberCount };
  } finally {
    await api?.stop();
    await auth.close();
    await database.close();
  }
}

/**
 * Group challenges (docs/product.md, "Group challenges"; docs/performance.md, "Group challenges"):
 *
 * - POST /api/challenges/:cid/join at concurrency 1, against the real Express app in its own process
 *   (api-server.ts), firebase-admin on our RTDB emulator and real ID tokens from firebase-tools' Auth emulator,
 *   as generate-latency.ts measures /api/generate. Each join plans the member's own 7-day plan, under the
 *   creation lock, with the place reserved by a transaction: 201 every time (a fresh member, a group with room).
 * - The bytes of the board's first read: groups/{cid}/members of a 50-member group, one REST read as the
 *   page's first read is (src/services/database.ts), with every meal of a 7-day plan proved (and cheered) and
 *   half-way through. Rows are made by the server's own boardRowFor from plans the planner made.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import type { BoardRow } from '@domain/challenges/group-records';
import { startAuthEmulator } from '../lib/auth-emulator';
import { repoRoot } from '../lib/stack';
import { groupBoardRows } from './challenge-fixtures';
import { measureApiLatency, serverTimings, type ApiLatency } from './api-latency';
import { signUpMembers, startApiServer, writeProfiles, type Member } from './generate-latency';
import { runLoad } from './load-loop';

const PROJECT_ID = 'demo-challangex-bench';
const NAMESPACE = 'bench-groups';
const TIME_ZONE = 'Asia/Kolkata';
const WARMUP_JOINS = 10;
/** Joiners per group: the owner holds the first of its 50 places. */
const JOINERS_PER_GROUP = GROUP_MEMBER_LIMIT - 1;

export interface JoinLatency extends ApiLatency {
  groups: number;
}

export interface BoardBytes {
  members: number;
  /** Meals proved of each member's 21. */
  provedMeals: number;
  /** The REST answer's body, as the database bills it, and gzip-compressed. */
  bytes: number;
  gzipBytes: number;
}

async function api<T>(port: number, path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An owner's 7-day group challenge open to anyone with the link, and its invite token. */
async function openGroup(port: number, owner: Member, index: number) {
  const { challengeId } = await api<{ challengeId: string }>(port, '/api/generate', owner.idToken, {
    title: `Bench group ${index}`,
    day: 7,
    user_id: owner.uid,
    preference: owner.preference,
    targetBody: 'Lean',
    displayName: 'Bench owner',
    photoURL: '',
    timezone: TIME_ZONE,
    // Tomorrow: every member's plan then has all its windows ahead, at any hour of the bench.
    startDate: addDays(calendarDateInZone(Date.now(), TIME_ZONE), 1),
    access: 'link',
  });
  const { token } = await api<{ token: string }>(
    port,
    `/api/challenges/${challengeId}/invite`,
    owner.idToken,
    {},
  );
  return { challengeId, token };
}

/** Join p95 at concurrency 1 over `requests` joins (after a warm-up), each a fresh member. */
export async function measureJoinLatency(requests = 100): Promise<JoinLatency> {
  const joins = WARMUP_JOINS + requests;
  const groupCount = Math.ceil(joins / JOINERS_PER_GROUP);
  const database = await startDatabaseEmulator({
    port: 0,
    rulesFile: join(repoRoot, 'database.rules.json'),
    log: () => {},
  });
  const auth = await startAuthEmulator(PROJECT_ID).catch(async (error) => {
    await database.close();
    throw error;
  });
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    const members = await signUpMembers(auth.host, groupCount + joins);
    await writeProfiles(database.port, members, NAMESPACE);
    server = await startApiServer({
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${database.port}`,
      BENCH_DATABASE_NAMESPACE: NAMESPACE,
    });
    const { port } = server;
    const groups: Array<{ challengeId: string; token: string }> = [];
    for (let index = 0; index < groupCount; index++)
      groups.push(await openGroup(port, members[index], index));
    const joiners = members.slice(groupCount);
    const joinRequest = (index: number) => {
      const { challengeId, token } = groups[Math.floor(index / JOINERS_PER_GROUP)];
      return {
        path: `/api/challenges/${challengeId}/join`,
        headers: { authorization: `Bearer ${joiners[index].idToken}` },
        body: JSON.stringify({ token, timezone: TIME_ZONE }),
      };
    };
    await runLoad({
      port,
      requests: WARMUP_JOINS,
      concurrency: 1,
      expectedStatus: 201,
      makeRequest: joinRequest,
    });
    await serverTimings(port);
    const result = await measureApiLatency({
      port,
      requests,
      concurrency: 1,
      expectedStatus: 201,
      makeRequest: (index) => joinRequest(WARMUP_JOINS + index),
    });
    return { ...result, groups: groupCount };
  } finally {
    await server?.stop();
    await auth.close();
    await database.close();
  }
}

/** The board's first read for GROUP_MEMBER_LIMIT members, at each number of meals proved. */
export async function measureBoardBytes(provedMeals: number[] = [21, 10]): Promise<BoardBytes[]> {
  const database = await startDatabaseEmulator({
    port: 0,
    rulesFile: join(repoRoot, 'database.rules.json'),
    log: () => {},
  });
  const url = (path: string) => `http://127.0.0.1:${database.port}/${path}.json?ns=${NAMESPACE}`;
  try {
    const results: BoardBytes[] = [];
    for (const proved of provedMeals) {
      const rows: Record<string, BoardRow> = groupBoardRows(GROUP_MEMBER_LIMIT, proved);
      const path = `groups/-BenchGroup${proved}/members`;
      const put = await fetch(url(path), {
        method: 'PUT',
        headers: { authorization: 'Bearer owner' },
        body: JSON.stringify(rows),
        signal: AbortSignal.timeout(60_000),
      });
      if (!put.ok) throw new Error(`Writing the board: ${put.status} ${await put.text()}`);
      const read = await fetch(url(path), {
        headers: { authorization: 'Bearer owner' },
        signal: AbortSignal.timeout(60_000),
      });
      const body = Buffer.from(await read.arrayBuffer());
      if (!read.ok) throw new Error(`Reading the board: ${read.status}`);
      const members = Object.keys(JSON.parse(body.toString()) as object).length;
      results.push({
        members,
        provedMeals: proved,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
      });
    }
    return results;
  } finally {
    await database.close();
  }
}

/**
 * The dinner peak (issue 44, docs/scaling.md): N members of one time zone whose dinner window opens at
 * the same instant, 30 % of them in groups of 10–50, all with the app open, proving dinner through the
 * real API (functions/src/http/app.ts in this process, firebase-admin to the RTDB emulator in a child
 * process, photos in the Storage emulator).
 *
 * The minute is simulated compressed: the database holds all N members (their challenges, feed entries,
 * groups and boards) and all N members' listeners are open (every member: their challenge and notices;
 * grouped members: their board; one in five the feed, one in ten the leaderboard), but only a sample of
 * members prove (PROOFS_PER_RUN, grouped and solo in proportion), each as the app does it: the photo
 * stored, POST …/proof, POST /api/me/recompute, and for a grouped member a groupmate's cheer. The RTDB
 * emulator counts what each proof cost (operation-counts.ts); the peak minute's rates are those counts ×
 * the proofs of that minute (PEAK_MINUTE_SHARE of the N proofs of the 15 minutes). A per-proof figure that
 * grows with N is what would not scale.
 *
 * The members' zone is the Etc/GMT zone where dinner opened this hour (as Asia/Kolkata's members all
 * open at 20:00 IST), so the API's clock and the stored photos' times are real. Members' connections are
 * simulated 100 to a WebSocket (each listen its own, so each broadcast counts once per member reached);
 * the concurrent-connection figure is therefore the model's N, not the sockets. Tokens are unsigned
 * emulator-style tokens read without an Auth lookup (the bench measures the database and the API).
 * Loopback only; every wait is bounded; everything started is stopped.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import { startStorageEmulator } from 'challangex-emulators/storage';
import type { OperationReport } from 'challangex-emulators/database';
import { MEAL_WINDOWS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { storagePaths } from '@domain/data/storage-paths';
import { createApp } from '../../functions/src/http/app';
import { bucketProofStore } from '../../functions/src/proofs/proof-store';
import { emulatorDatabaseRules } from '../lib/database-rules';
import { onShutdown } from '../lib/shutdown';
import { ListenerSockets, startDatabaseChild } from './peak-stack';
import { countsByGroup, databaseOperations, PATH_GROUPS, type PathGroup } from './path-groups';
import type { Row } from './report';

const PROJECT = 'demo-challangex-peak';
const BUCKET = `${PROJECT}.appspot.com`;
const GROUPED_SHARE = 0.3;
const GROUP_SIZES = [10, 20, 30, 40, 50];
const PROOFS_PER_RUN = 150;
/** Proofs of the 15 minutes that land in the busiest one: a third in the first three minutes, say. */
const PEAK_MINUTE_SHARE = 0.12;
const MEMBERS_PER_SOCKET = 100;
const FEED_EVERY = 5;
const LEADERBOARD_EVERY = 10;
const CONCURRENCY = 6;
const RUN_TIMEOUT_MS = 15 * 60_000;

interface Member {
  uid: string;
  token: string;
  challengeId: string;
  /** the group's challenge id and its members (grouped members only) */
  group?: { challengeId: string; members: Member[] };
}

export interface PeakResult {
  members: number;
  grouped: number;
  groups: number;
  proofs: number;
  /** per proof (its recompute and cheer included), from the emulator's counts */
  perProof: {
    writes: number;
    broadcasts: number;
    reads: number;
    bytes: number;
    byGroup: Record<PathGroup, { writes: number; broadcasts: number }>;
  };
  /** at the peak minute, per second */
  writesPerSecond: number;
  broadcastsPerSecond: number;
  listeners: Record<PathGroup, number>;
  apiCpuMsPerProof: number;
}

const unsignedToken = (uid: string) => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: uid, user_id: uid, aud: PROJECT, iat: now, exp: now + 3600 })}.`;
};

/** Auth without a lookup: the unsigned token's claims, as a signature check would yield them. */
const tokenReadingAuth = {
  verifyIdToken: async (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    return { ...claims, uid: claims.sub } as unknown as DecodedIdToken;
  },
} as unknown as Auth;

/** The Etc zone where dinner opened this hour (so every member's window is open now). */
function zoneWhereDinnerIsOpen(now = new Date()): string {
  let offset = MEAL_WINDOWS.dinner.opens.hour - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

async function mealPhoto(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(64 * 48 * 3);
  let state = 7919 * (seed + 1);
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (state >> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(640, 480, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function inParallel<T>(items: T[], work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

async function post(base: string, path: string, token: string, body: unknown = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Members, groups through the API (owner's challenge open by link, joins with its token), solo plans cloned. */
async function seedMembers(
  database: Database,
  api: string,
  count: number,
  timezone: string,
  log: (line: string) => void,
): Promise<Member[]> {
  const members: Member[] = Array.from({ length: count }, (_, i) => {
    const uid = `peak${String(i).padStart(6, '0')}`;
    return { uid, token: unsignedToken(uid), challengeId: '' };
  });
  const profiles: Record<string, unknown> = {};
  for (const [i, { uid }] of members.entries()) {
    profiles[`users/${uid}/info`] = {
      uid,
      displayName: `Peak member ${i}`,
      photoURL: '',
      location: 'Pune',
      preference: 'veg',
      joinAt: '2025-06-01 10:00:00',
      createdAt: Date.now() - 86_400_000,
    };
    profiles[`users/${uid}/private`] = {
      height: 165 + (i % 20),
      weight: 60 + (i % 25),
      age: 30,
      sex: i % 2 ? 'female' : 'male',
    };
  }
  await writeInChunks(database, profiles);
  const generate = (member: Member, access?: 'link') =>
    post(api, '/api/generate', member.token, {
      title: 'Dinner peak',
      day: 7,
      user_id: member.uid,
      preference: 'veg',
      targetBody: 'Maintain',
      timezone,
      ...(access ? { access } : {}),
    });

  // Groups: members 0 … grouped-1, in groups of 10, 20, … 50 (the last one what is left).
  const grouped = Math.round(count * GROUPED_SHARE);
  const groups: Member[][] = [];
  for (let start = 0, g = 0; start < grouped; g++) {
    const size = Math.min(GROUP_SIZES[g % GROUP_SIZES.length], grouped - start);
    groups.push(members.slice(start, start + size));
    start += size;
  }
  log(`peak ${count}: ${groups.length} groups (${grouped} members) through the API`);
  await inParallel(groups, async (group) => {
    const [owner, ...joiners] = group;
    owner.challengeId = (await generate(owner, 'link')).challengeId as string;
    const token = (
      await database.ref(`${dbPaths.challengeInvite(owner.uid, owner.challengeId)}/token`).get()
    ).val() as string;
    for (const joiner of joiners) {
      await post(api, `/api/challenges/${owner.challengeId}/join`, joiner.token, { token });
    }
    const joined = (
      await database.ref(dbPaths.groupMembers(owner.challengeId)).get()
    ).val() as Record<string, { challengeId?: string }>;
    for (const member of group) {
      member.challengeId = joined[member.uid]?.challengeId ?? owner.challengeId;
      member.group = { challengeId: owner.challengeId, members: group };
    }
  });

  // Solo members: one plan made by the API, the others' the same plan written as the API writes it.
  const solo = members.slice(grouped);
  if (solo.length > 0) {
    const template = solo[0];
    template.challengeId = (await generate(template)).challengeId as string;
    const record = JSON.stringify(
      (await database.ref(dbPaths.challenge(template.uid, template.challengeId)).get()).val(),
    );
    const feed = JSON.stringify(
      (await database.ref(dbPaths.feedEntry(template.challengeId)).get()).val(),
    );
    const copies: Record<string, unknown> = {};
    for (const [i, member] of solo.slice(1).entries()) {
      member.challengeId = `-peak${String(i).padStart(8, '0')}`;
      const swap = (text: string) =>
        JSON.parse(
          text
            .replaceAll(template.uid, member.uid)
            .replaceAll(template.challengeId, member.challengeId),
        ) as unknown;
      copies[dbPaths.challenge(member.uid, member.challengeId)] = swap(record);
      copies[dbPaths.feedEntry(member.challengeId)] = swap(feed);
      copies[`${dbPaths.userInfo(member.uid)}/activeChallenges`] = 1;
      copies[`${dbPaths.userInfo(member.uid)}/totalChallenges`] = 1;
    }
    await writeInChunks(database, copies);
  }
  return members;
}

async function writeInChunks(database: Database, values: Record<string, unknown>, size = 2_000) {
  const entries = Object.entries(values);
  for (let i = 0; i < entries.length; i += size)
    await database.ref().update(Object.fromEntries(entries.slice(i, i + size)));
}

/** Every member's screens at the peak (see the header). */
function openListeners(sockets: ListenerSockets, members: Member[]) {
  for (const [i, member] of members.entries()) {
    sockets.listen(i, `/${dbPaths.challenge(member.uid, member.challengeId)}`);
    sockets.listen(i, `/${dbPaths.notices(member.uid)}`);
    if (member.group) sockets.listen(i, `/${dbPaths.groupMembers(member.group.challengeId)}`);
    if (i % FEED_EVERY === 0)
      sockets.listen(i, `/${dbPaths.feed}`, { i: 'createdAt', l: 11, vf: 'r' });
    if (i % LEADERBOARD_EVERY === 0)
      sockets.listen(i, `/${dbPaths.leaderboardAll}`, { i: 'points', l: 50, vf: 'r' });
  }
}

/** The proving sample: members spread evenly, so grouped and solo ones come in proportion. */
const sampleOf = (members: Member[]) =>
  Array.from(
    { length: Math.min(PROOFS_PER_RUN, members.length) },
    (_, i) => members[Math.floor((i * members.length) / Math.min(PROOFS_PER_RUN, members.length))],
  );

export async function measureDinnerPeak(
  count: number,
  log: (line: string) => void,
): Promise<PeakResult> {
  const dir = mkdtempSync(join(tmpdir(), 'challangex-peak-'));
  const rulesFile = join(dir, 'database.rules.json');
  writeFileSync(rulesFile, emulatorDatabaseRules());
  const namespace = `peak-${randomUUID().slice(0, 8)}`;
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const forget = onShutdown(stopAll);
  try {
    const database = await startDatabaseChild(rulesFile);
    stops.push(database.stop);
    const storage = await startStorageEmulator({ port: 0 });
    stops.push(() => storage.close());
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${storage.port}`;
    delete process.env.STORAGE_EMULATOR_HOST;
    const app: App = initializeApp(
      {
        projectId: PROJECT,
        databaseURL: `http://127.0.0.1:${database.port}?ns=${namespace}`,
        storageBucket: BUCKET,
      },
      namespace,
    );
    stops.push(() => deleteApp(app));
    const bucket = getStorage(app).bucket(BUCKET);
    const server: Server = createApp({
      database: getDatabase(app),
      auth: tokenReadingAuth,
      allowedOrigins: [],
      proofs: bucketProofStore(bucket),
      photoSources: { bucket: BUCKET, storageOrigins: [`http://127.0.0.1:${storage.port}`] },
      generateRateLimit: { windowMs: 60_000, max: 1_000_000 },
      groupRateLimit: { windowMs: 60_000, max: 1_000_000 },
      log: () => {},
    }).listen(0, '127.0.0.1');
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const members = await seedMembers(getDatabase(app), api, count, zoneWhereDinnerIsOpen(), log);
    const sockets = new ListenerSockets();
    stops.push(() => sockets.close());
    await sockets.open(
      `ws://127.0.0.1:${database.port}/.ws?v=5&ns=${namespace}`,
      Math.ceil(count / MEMBERS_PER_SOCKET),
    );
    openListeners(sockets, members);
    await sockets.settled();
    const provers = sampleOf(members);
    const photos = await Promise.all(provers.map((_, i) => mealPhoto(count + i)));
    log(
      `peak ${count}: ${members.length} members' listeners open; ${provers.length} proofs through the API`,
    );

    await databaseOperations(database.port, namespace, { reset: true });
    const cpuBefore = process.cpuUsage();
    await inParallel(provers, async (member, i) => {
      await bucket
        .file(storagePaths.mealProof(member.uid, member.challengeId, 1, 'dinner'))
        .save(photos[i], { contentType: 'image/jpeg', resumable: false });
      await post(
        api,
        `/api/challenges/${member.challengeId}/days/1/meals/dinner/proof`,
        member.token,
      );
      await post(api, '/api/me/recompute', member.token);
      const group = member.group;
      if (group) {
        const mate = group.members.find((other) => other.uid !== member.uid);
        if (mate)
          await post(
            api,
            `/api/challenges/${group.challengeId}/members/${member.uid}/cheers`,
            mate.token,
            {
              meal: 'Day1-dinner',
            },
          );
      }
    });
    const cpu = process.cpuUsage(cpuBefore);
    const report = await databaseOperations(database.port, namespace);
    return summarize(count, members, provers.length, report, (cpu.user + cpu.system) / 1000);
  } finally {
    forget();
    await stopAll();
  }
}

function summarize(
  count: number,
  members: Member[],
  proofs: number,
  report: OperationReport,
  cpuMs: number,
): PeakResult {
  const groups = countsByGroup(report);
  const byGroup = Object.fromEntries(
    PATH_GROUPS.map((group) => [
      group,
      {
        writes: (groups[group].clientWrites + groups[group].serverWrites) / proofs,
        broadcasts: groups[group].broadcasts / proofs,
      },
    ]),
  ) as PeakResult['perProof']['byGroup'];
  const writeTypes = [
    'realtime-write',
    'realtime-update',
    'realtime-transaction',
    'rest-write',
    'rest-update',
  ] as const;
  const writes =
    writeTypes.reduce((sum, type) => sum + (report.requests[type]?.count ?? 0), 0) / proofs;
  const broadcasts = (report.requests['listener-broadcast']?.count ?? 0) / proofs;
  const reads =
    ((report.requests['listener-listen']?.count ?? 0) +
      (report.requests['rest-read']?.count ?? 0)) /
    proofs;
  const bytes =
    Object.values(report.requests).reduce((sum, tally) => sum + (tally?.bytes ?? 0), 0) / proofs;
  const proofsAtPeakPerSecond = (count * PEAK_MINUTE_SHARE) / 60;
  const groupIds = new Set(
    members.flatMap((member) => (member.group ? [member.group.challengeId] : [])),
  );
  return {
    members: count,
    grouped: members.filter((member) => member.group).length,
    groups: groupIds.size,
    proofs,
    perProof: { writes, broadcasts, reads, bytes, byGroup },
    writesPerSecond: writes * proofsAtPeakPerSecond,
    broadcastsPerSecond: broadcasts * proofsAtPeakPerSecond,
    listeners: Object.fromEntries(
      PATH_GROUPS.map((group) => [group, groups[group].listenersNow]),
    ) as Record<PathGroup, number>,
    apiCpuMsPerProof: cpuMs / proofs,
  };
}

export async function dinnerPeakRows(options: {
  memberCounts: number[];
  log: (line: string) => void;
}): Promise<{ rows: Row[]; notes: string[] }> {
  const results: PeakResult[] = [];
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  for (const count of options.memberCounts) {
    if (!Number.isInteger(count) || count < 10 || count > 20_000)
      throw new Error(`--peak-members: ${count} is not a member count from 10 to 20,000`);
    if (Date.now() > deadline)
      throw new Error(`The dinner peak overstayed ${RUN_TIMEOUT_MS / 60_000} minutes`);
    results.push(await measureDinnerPeak(count, options.log));
  }
  const area = 'dinner peak';
  const n = (value: number, digits = 1) =>
    value.toLocaleString('en', { maximumFractionDigits: digits });
  const rows: Row[] = results.map((r) => ({
    area,
    measure: `${n(r.members, 0)} members (${n(r.grouped, 0)} in ${r.groups} groups), ${r.proofs} proofs sampled`,
    result:
      `peak minute: ${n(r.writesPerSecond)} writes/s, ${n(r.broadcastsPerSecond)} broadcasts/s; ` +
      `per proof: ${n(r.perProof.writes)} writes, ${n(r.perProof.broadcasts)} broadcasts, ${n(r.perProof.reads)} reads, ` +
      `${n(r.perProof.bytes / 1024)} KB; API CPU ${n(r.apiCpuMsPerProof)} ms/proof; listeners: ` +
      PATH_GROUPS.filter((group) => r.listeners[group] > 0)
        .map((group) => `${group} ${n(r.listeners[group], 0)}`)
        .join(', '),
    budget: '—',
    status: 'info',
  }));
  for (const group of PATH_GROUPS) {
    if (
      results.every(
        (r) => r.perProof.byGroup[group].writes + r.perProof.byGroup[group].broadcasts === 0,
      )
    )
      continue;
    rows.push({
      area,
      measure: `per proof, ${group}: writes / broadcasts vs members`,
      result: results
        .map(
          (r) =>
            `${n(r.members, 0)}: ${n(r.perProof.byGroup[group].writes)} / ${n(r.perProof.byGroup[group].broadcasts)}`,
        )
        .join('; '),
      budget: '—',
      status: 'info',
    });
  }
  return {
    rows,
    notes: [
      `Dinner peak: the minute simulated compressed (scripts/bench/dinner-peak.ts): all N members seeded and listening (their challenge and notices; grouped: their board; 1 in ${FEED_EVERY} the feed, 1 in ${LEADERBOARD_EVERY} the leaderboard), ${PROOFS_PER_RUN} of them proving dinner through the real API (photo stored, proof, recompute, a groupmate's cheer for grouped members) at concurrency ${CONCURRENCY}; per-proof counts are the RTDB emulator's, and the peak minute's rates assume ${PEAK_MINUTE_SHARE * 100} % of the N proofs in it. API CPU is this process's (the API, the Storage emulator serving the photo, the simulated sockets), the RTDB emulator running apart.`,
    ],
  };
}

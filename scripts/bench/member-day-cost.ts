/**
 * What one member-day costs in what Firebase bills: a member opens the app three times (the feed, their
 * challenge, the leaderboard) and proves three meals, in the production build in Chromium against
 * the local stack. Every response the page receives is sorted by the server that sent it:
 * - Realtime Database: REST bodies and headers, and every WebSocket frame from the database emulator;
 * - Storage: bytes downloaded (photos, metadata) and bytes uploaded (the proofs stored);
 * - the API function: one invocation per /api/ request.
 * The member signs in before counting starts (a member-day is a signed-in member coming back). The
 * service worker is blocked, so every photo is fetched from Storage: an upper bound for repeat opens.
 *
 * The meals are proved on a fresh member's challenge made by the real API. A day's three windows never
 * overlap, and the server derives them from the challenge's start date and zone (issue 31), so before each
 * proof the bench moves the challenge to a zone where that meal's window has just opened (and its start
 * date to that zone's today): three meals in one visit, whatever the hour. Those few changed fields reach
 * the page through its listener and are counted with the rest.
 *
 * The database emulator also counts what it served during the counted opens, by path and operation type
 * (emulators/database/operation-counts.ts): the app's reads, listens and writes, the API's reads and writes,
 * and each broadcast to a listener. The bench's own setup and polling carry X-Not-Counted and are left out.
 */
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { challengePath } from '../../src/lib/app-addresses';
import { calendarDateInZone } from '@domain/calendar-dates';
import { MEAL_SLOTS, MEAL_WINDOWS, type MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { storagePaths } from '@domain/data/storage-paths';
import type { OperationReport } from 'challangex-emulators/database';
import { onShutdown } from '../lib/shutdown';
import { databaseOperations } from './path-groups';
import { BENCH_PROJECT_ID, type ServedApp } from './served-app';
import type { StackPorts } from '../lib/stack';

export interface MemberDayCost {
  databaseDownloadBytes: number;
  /** Of which WebSocket frames (the SDK's listeners). */
  databaseSocketBytes: number;
  storageDownloadBytes: number;
  storageUploadBytes: number;
  storageUploads: number;
  storageDownloads: number;
  functionInvocations: number;
  /** Per app open, for the report. */
  opens: Array<{ name: string; databaseBytes: number; storageBytes: number; invocations: number }>;
  /** What the database emulator served during the counted opens (app and API), by path. */
  operations: OperationReport;
}

/** The bench's own requests to the database: not part of the member-day's counts. */
const NOT_COUNTED = { 'x-not-counted': '1' } as const;
const BENCH_NAMESPACE = `${BENCH_PROJECT_ID}-default-rtdb`;

const PASSWORD = 'bench-member-pass-1';
const CHALLENGE_TITLE = 'Member day';

interface Counter {
  databaseRest: number;
  databaseSocket: number;
  storageDown: number;
  storageUploads: number;
  storageDownloads: number;
  invocations: number;
}

const emptyCounter = (): Counter => ({
  databaseRest: 0,
  databaseSocket: 0,
  storageDown: 0,
  storageUploads: 0,
  storageDownloads: 0,
  invocations: 0,
});

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A member with a complete profile, signed up in the Auth emulator; their uid and ID token. */
async function createMember(ports: StackPorts, served: ServedApp) {
  const auth = (path: string) =>
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/${path}?key=bench-key`;
  const email = `member-day-${Date.now()}@bench.challangex.dev`;
  const { localId: uid, idToken } = await json<{ localId: string; idToken: string }>(
    auth('accounts:signUp'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const put = (path: string, value: unknown) =>
    json(served.databaseUrl(path), {
      method: 'PUT',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify(value),
    });
  const now = Date.now();
  await put(dbPaths.userInfo(uid), {
    uid,
    displayName: 'Bench Member',
    photoURL: '',
    joinAt: now,
    createdAt: now,
    location: 'Pune',
    preference: 'veg',
    bio: 'Counting bytes.',
  });
  await put(dbPaths.userPrivate(uid), {
    email,
    emailVerified: false,
    height: 172,
    weight: 70,
    age: 30,
    sex: 'female',
    activity: 'moderate',
  });
  return { uid, email, idToken };
}

/** A zone (UTC-12 to UTC+14) where `slot`'s window opened this hour: it stays open an hour or more. */
function zoneWhereOpen(slot: MealSlot, now = new Date()): string {
  let offset = MEAL_WINDOWS[slot].opens.hour - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Moves the challenge to a zone where `slot`'s Day 1 window is open now, with that zone's today as its start. */
async function openWindowNow(
  served: ServedApp,
  uid: string,
  challengeId: string,
  slot: MealSlot,
): Promise<void> {
  const timezone = zoneWhereOpen(slot);
  const startDate = calendarDateInZone(Date.now(), timezone);
  const { opensAt, closesAt } = mealWindow(startDate, 1, slot, timezone);
  await json(served.databaseUrl(dbPaths.challenge(uid, challengeId)), {
    method: 'PATCH',
    headers: { authorization: 'Bearer owner', ...NOT_COUNTED },
    body: JSON.stringify({
      timezone,
      startDate,
      [`meals/Day1/${slot}/opensAt`]: opensAt,
      [`meals/Day1/${slot}/closesAt`]: closesAt,
    }),
  });
}

/**
 * Waits until the upload check (functions/src/proofs/stored-upload-check.ts) has kept the slot's photo: it counts a
 * proof's bytes last, once every check passed. Judged after the next zone move, the photo would have been
 * stored outside its window and deleted.
 */
async function uploadCheckKept(
  served: ServedApp,
  uid: string,
  challengeId: string,
  slot: MealSlot,
): Promise<void> {
  const counted = `${dbPaths.storageUsage(uid)}/counted/${challengeId}~Day1-${slot}-1`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const size = await json<number | null>(served.databaseUrl(counted), {
      headers: { authorization: 'Bearer owner', ...NOT_COUNTED },
    });
    if (size !== null) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The upload check did not keep the ${slot} proof within 60 s`);
}

/** A 7-day challenge planned by the API, starting today in a zone where breakfast is open now. */
async function createChallenge(
  ports: StackPorts,
  member: { uid: string; idToken: string },
): Promise<string> {
  const api = `http://127.0.0.1:${ports.functions}/${BENCH_PROJECT_ID}/us-central1/api`;
  const { challengeId } = await json<{ challengeId: string }>(`${api}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}` },
    body: JSON.stringify({
      title: CHALLENGE_TITLE,
      day: 7,
      user_id: member.uid,
      preference: 'veg',
      targetBody: 'Maintain',
      timezone: zoneWhereOpen('breakfast'),
    }),
  });
  return challengeId;
}

/** A phone-sized meal photo: smooth shapes with some grain, so it compresses like a real one. */
async function mealPhoto(dir: string, index: number): Promise<string> {
  const small = Buffer.alloc(160 * 120 * 3);
  let seed = 7919 * (index + 1);
  for (let i = 0; i < small.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    small[i] = (seed >> 16) & 0xff;
  }
  const file = join(dir, `meal-${index}.jpg`);
  const jpeg = await sharp(small, { raw: { width: 160, height: 120, channels: 3 } })
    .resize(1600, 1200, { kernel: 'cubic' })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

function countTraffic(context: BrowserContext, ports: StackPorts, counter: () => Counter) {
  const portOf = (url: string) => Number(new URL(url).port);
  context.on('requestfinished', (request) => {
    void request
      .sizes()
      .then((sizes) => {
        const url = new URL(request.url());
        const port = portOf(request.url());
        const down = sizes.responseBodySize + sizes.responseHeadersSize;
        const current = counter();
        if (port === ports.database) current.databaseRest += down;
        else if (port === ports.storage) {
          current.storageDown += down;
          if (request.method() === 'POST' || request.method() === 'PUT') {
            if (url.searchParams.has('name')) current.storageUploads += 1;
          } else current.storageDownloads += 1;
        } else if (url.pathname.startsWith('/api/')) current.invocations += 1;
      })
      .catch(() => undefined);
  });
  context.on('page', (page) => {
    page.on('websocket', (socket) => {
      if (portOf(socket.url()) !== ports.database) return;
      socket.on('framereceived', ({ payload }) => {
        counter().databaseSocket +=
          typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      });
    });
  });
}

/** The proofs' stored sizes, from the Storage emulator's metadata (the page sends them as Blobs, unsized). */
async function storedProofBytes(ports: StackPorts, uid: string, challengeId: string) {
  let bytes = 0;
  for (const slot of MEAL_SLOTS) {
    const path = encodeURIComponent(storagePaths.mealProof(uid, challengeId, 1, slot));
    const { size } = await json<{ size: string }>(
      `http://127.0.0.1:${ports.storage}/v0/b/${BENCH_PROJECT_ID}.appspot.com/o/${path}`,
      { headers: { authorization: 'Firebase owner' } },
    );
    bytes += Number(size);
  }
  return bytes;
}

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/feed$/, { timeout: 60_000 });
}

export async function measureMemberDay(options: {
  chromiumPath: string;
  served: ServedApp;
  ports: StackPorts;
  log: (line: string) => void;
}): Promise<MemberDayCost> {
  const { served, ports, log } = options;
  const member = await createMember(ports, served);
  const challengeId = await createChallenge(ports, member);
  const photos = mkdtempSync(join(tmpdir(), 'challangex-member-day-'));
  let browser: Browser | undefined;
  const forget = onShutdown(async () => {
    await browser?.close();
  });
  try {
    browser = await chromium.launch({
      executablePath: options.chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 375, height: 812 },
    });
    let current = emptyCounter();
    countTraffic(context, ports, () => current);
    const setup = await context.newPage();
    await signIn(setup, served.baseUrl, member.email);
    await setup.close();
    await databaseOperations(ports.database, BENCH_NAMESPACE, { reset: true });

    const opens: MemberDayCost['opens'] = [];
    const total = emptyCounter();
    const open = async (name: string, visit: (page: Page) => Promise<void>) => {
      current = emptyCounter();
      const page = await context.newPage();
      await visit(page);
      // Late listeners' first answers and the requests' sizes settle.
      await page.waitForTimeout(1_500);
      await page.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const key of Object.keys(total) as Array<keyof Counter>) total[key] += current[key];
      opens.push({
        name,
        databaseBytes: current.databaseRest + current.databaseSocket,
        storageBytes: current.storageDown,
        invocations: current.invocations,
      });
      log(`member-day: ${name}: ${JSON.stringify(current)}`);
    };

    await open('feed', async (page) => {
      await page.goto(`${served.baseUrl}/feed`);
      await page.getByRole('article').first().waitFor({ timeout: 60_000 });
    });
    await open('challenge, three meals proved', async (page) => {
      await page.goto(
        `${served.baseUrl}${challengePath(member.uid, challengeId, CHALLENGE_TITLE)}`,
      );
      await page
        .getByRole('heading', { level: 1, name: CHALLENGE_TITLE })
        .waitFor({ timeout: 60_000 });
      for (const [index, slot] of MEAL_SLOTS.entries()) {
        await openWindowNow(served, member.uid, challengeId, slot);
        const input = page.getByLabel(`Proof photo for Day 1 ${slot}`);
        await expect(input).toBeEnabled({ timeout: 30_000 });
        // Each proof ends with the member's totals recomputed by the API.
        const recomputed = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/me/recompute',
          { timeout: 60_000 },
        );
        await input.setInputFiles(await mealPhoto(photos, index));
        const response = await recomputed;
        if (!response.ok())
          throw new Error(`Recompute after the ${slot} proof: ${response.status()}`);
        await uploadCheckKept(served, member.uid, challengeId, slot);
      }
    });
    await open('leaderboard', async (page) => {
      await page.goto(`${served.baseUrl}/leader-board`);
      await page.getByRole('heading', { level: 1, name: 'Leader-board' }).first().waitFor();
      await page.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    });
    await context.close();
    const operations = await databaseOperations(ports.database, BENCH_NAMESPACE);
    return {
      databaseDownloadBytes: total.databaseRest + total.databaseSocket,
      databaseSocketBytes: total.databaseSocket,
      storageDownloadBytes: total.storageDown,
      storageUploadBytes: await storedProofBytes(ports, member.uid, challengeId),
      storageUploads: total.storageUploads,
      storageDownloads: total.storageDownloads,
      functionInvocations: total.invocations,
      opens,
      operations,
    };
  } finally {
    forget();
    await browser?.close();
    rmSync(photos, { recursive: true, force: true });
  }
}

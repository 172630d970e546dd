/**
 * The long tasks of each audited page's load, for finding what to cut (docs/performance.md, "How the main
 * thread is spent"): the served build (served-app.ts) loaded in Chromium at a fixed CPU slowdown (CDP
 * `Emulation.setCPUThrottlingRate`, 4 by default) with a Chromium trace; for each task over 50 ms on the page's
 * main thread it prints its start (from navigation start), its duration and what ran inside it by self time
 * (EvaluateScript of which chunk, FunctionCall of which script and function, ParseHTML, Layout…), plus the sum
 * of (duration − 50 ms) over the tasks after first contentful paint: a TBT proxy. No network throttling (the
 * long tasks are the CPU's), a phone-sized viewport as Lighthouse's mobile audit, a cold HTTP cache and no
 * service worker for every load; signed-in pages keep the demo member's saved session (demo-session.ts).
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storageKeys } from '../../src/lib/device-storage';
import { onShutdown, step } from '../lib/shutdown';
import { demoSession, groupPageKey } from './demo-session';
import { fillDemoGroup } from './group-fill';
import { pageKey, type AuditedPage, type SessionSetup } from './lighthouse-audit';
import type { Row } from './report';
import { startServedApp, type AppBuild } from './served-app';

const LONG_TASK_MS = 50;
/** The load counts as settled after this long without a long task (bounded by SETTLE_LIMIT_MS). */
const QUIET_MS = 4_000;
const SETTLE_LIMIT_MS = 25_000;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'loading',
  'blink.user_timing',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
].join(',');
/** The CPU profiler's sampling interval: at 4× a sample stands for ~0.4 ms of unthrottled work. */
const SAMPLING_US = 500;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; [key: string]: unknown };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** What ran inside, by self time: "EvaluateScript shared-abc.js 120 ms". */
  inside: Array<{ what: string; selfMs: number }>;
  /** The JavaScript functions the CPU profiler sampled in it, by self time: "react-dom-x.js S 40 ms". */
  functions: Array<{ what: string; selfMs: number }>;
}

interface Sample {
  ts: number;
  what: string;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** The CPU profiler's samples on the thread: each sample's time and its leaf function (script and name). */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const samples: Sample[] = [];
  const profiles = new Map<unknown, { ts: number; nodes: Map<number, string> }>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    const id = (event as unknown as { id?: unknown }).id;
    const data = event.args?.data as Record<string, unknown> | undefined;
    if (event.name === 'Profile' && event.tid === tid)
      profiles.set(id, { ts: Number(data?.startTime ?? event.ts), nodes: new Map() });
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(id);
    if (!profile) continue;
    const chunk = data?.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const node of chunk?.nodes ?? []) {
      const { functionName, url } = node.callFrame;
      profile.nodes.set(
        node.id,
        url ? `${shortUrl(url)} ${functionName || '(anonymous)'}` : functionName || '(program)',
      );
    }
    const deltas = (data?.timeDeltas as number[] | undefined) ?? [];
    (chunk?.samples ?? []).forEach((nodeId, index) => {
      profile.ts += deltas[index] ?? 0;
      samples.push({ ts: profile.ts, what: profile.nodes.get(nodeId) ?? '?' });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

function functionsIn(samples: Sample[], start: number, end: number, durationUs: number) {
  const inTask = samples.filter((sample) => sample.ts >= start && sample.ts < end);
  const counts = new Map<string, number>();
  for (const sample of inTask) counts.set(sample.what, (counts.get(sample.what) ?? 0) + 1);
  // Each sample stands for the task's time split evenly among its samples.
  const perSample = inTask.length ? durationUs / inTask.length : SAMPLING_US;
  return [...counts.entries()]
    .filter(([what]) => what !== '(idle)' && what !== '(program)')
    .map(([what, count]) => ({ what, selfMs: (count * perSample) / 1000 }))
    .filter((entry) => entry.selfMs >= 3)
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, 6);
}

export interface PageLoad {
  fcpMs: number;
  tasks: LongTask[];
  /** Σ (duration − 50 ms) over the long tasks starting after FCP. */
  blockingAfterFcpMs: number;
}

const shortUrl = (url: unknown) =>
  typeof url === 'string' && url ? (url.split('/').pop()?.split('?')[0] ?? url) : '';

/** A readable name for a trace event: which chunk or function, when the event says. */
function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = shortUrl(data.url ?? data.fileName ?? event.args?.fileName ?? data.stackTrace);
  switch (event.name) {
    case 'FunctionCall':
      return `FunctionCall ${url}${data.functionName ? ` ${String(data.functionName)}` : ''}`;
    case 'EventDispatch':
      return `EventDispatch ${String(data.type ?? '')}`;
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'FireIdleCallback':
      return event.name;
    default:
      return url ? `${event.name} ${url}` : event.name;
  }
}

function mainThreadOf(events: TraceEvent[], url: string): { pid: number; tid: number } | undefined {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      typeof event.args?.data?.documentLoaderURL === 'string' &&
      (event.args.data.documentLoaderURL as string).startsWith(url),
  );
  if (navigation) return { pid: navigation.pid, tid: navigation.tid };
  return undefined;
}

/** Long tasks and the TBT proxy from one load's trace. */
export function longTasksOf(events: TraceEvent[], url: string): PageLoad {
  const main = mainThreadOf(events, url);
  if (!main) throw new Error(`No navigation to ${url} in the trace`);
  const onMain = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navigationStart = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.pid === main.pid &&
      String(event.args?.data?.documentLoaderURL ?? '').startsWith(url),
  )!.ts;
  const fcp = events.find(
    (event) =>
      event.name === 'firstContentfulPaint' &&
      event.pid === main.pid &&
      event.ts >= navigationStart,
  );
  const fcpMs = fcp ? (fcp.ts - navigationStart) / 1000 : NaN;
  const samples = samplesOf(events, main.pid, main.tid);
  const tasks: LongTask[] = [];
  for (let i = 0; i < onMain.length; i++) {
    const task = onMain[i];
    if (task.name !== 'RunTask' || (task.dur ?? 0) / 1000 <= LONG_TASK_MS) continue;
    if (task.ts < navigationStart) continue;
    const end = task.ts + task.dur!;
    // Self time of each event nested in the task: its duration minus its children's.
    const self = new Map<string, number>();
    const stack: Array<{ event: TraceEvent; end: number; key: string }> = [];
    const credit = (key: string, us: number) => self.set(key, (self.get(key) ?? 0) + us);
    credit('(task itself)', task.dur!);
    let parentKey = '(task itself)';
    for (let j = i + 1; j < onMain.length && onMain[j].ts < end; j++) {
      const event = onMain[j];
      while (stack.length && stack[stack.length - 1].end <= event.ts) stack.pop();
      parentKey = stack.length ? stack[stack.length - 1].key : '(task itself)';
      const key = describe(event);
      const duration = event.dur ?? 0;
      credit(parentKey, -duration);
      credit(key, duration);
      stack.push({ event, end: event.ts + duration, key });
    }
    tasks.push({
      startMs: (task.ts - navigationStart) / 1000,
      durationMs: task.dur! / 1000,
      inside: [...self.entries()]
        .map(([what, us]) => ({ what, selfMs: us / 1000 }))
        .filter((entry) => entry.selfMs >= 3)
        .sort((a, b) => b.selfMs - a.selfMs)
        .slice(0, 6),
      functions: functionsIn(samples, task.ts, end, task.dur!),
    });
  }
  const blockingAfterFcpMs = tasks
    .filter((task) => Number.isNaN(fcpMs) || task.startMs >= fcpMs)
    .reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0);
  return { fcpMs, tasks, blockingAfterFcpMs };
}

async function traced(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: TRACE_CATEGORIES.split(',') },
    transferMode: 'ReportEvents',
  });
  try {
    await load();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
  }
  return events;
}

/** Records each long task's end in the page, so the load is known settled without fixed sleeps. */
const watchLongTasks = () => {
  const state = { lastEnd: 0 };
  (window as unknown as { __longTasks: typeof state }).__longTasks = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.lastEnd = Math.max(state.lastEnd, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
};

/**
 * Waits for the load event, then for QUIET_MS without a long task. Polled over CDP's Runtime.evaluate, not
 * Playwright's waitForFunction: that injects Playwright's own script into the page, a long task of its own
 * at 4× (~100 ms) that would be measured as the app's.
 */
async function settle(page: Page, cdp: CDPSession): Promise<void> {
  await page.waitForLoadState('load', { timeout: SETTLE_LIMIT_MS });
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  const expression = `performance.now() - (window.__longTasks?.lastEnd ?? 0) >= ${QUIET_MS}`;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A first visit: cold HTTP cache, and nothing in localStorage but the saved session. */
async function loadOnce(
  context: BrowserContext,
  url: string,
  cpuSlowdown: number,
  traceFile?: string,
): Promise<PageLoad> {
  const reset = await context.newPage();
  await reset.goto(`${new URL(url).origin}/manifest.webmanifest`);
  await reset.evaluate((kept) => {
    for (const key of Object.keys(localStorage)) if (key !== kept) localStorage.removeItem(key);
    sessionStorage.clear();
  }, storageKeys.session);
  await reset.close();
  const page = await context.newPage();
  try {
    await page.addInitScript(watchLongTasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const events = await traced(cdp, async () => {
      await page.goto(url, { waitUntil: 'commit' });
      await settle(page, cdp);
    });
    await cdp.detach();
    if (new URL(page.url()).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended on ${page.url()}`);
    if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
    return longTasksOf(events, url);
  } finally {
    await page.close();
  }
}

const f = (ms: number) => `${ms.toFixed(0)} ms`;

export function formatLoad(load: PageLoad): string[] {
  return [
    `    FCP ${f(load.fcpMs)}; ${load.tasks.length} long task(s); TBT proxy (after FCP) ${f(load.blockingAfterFcpMs)}`,
    ...load.tasks.map(
      (task) =>
        `      ${f(task.startMs).padStart(8)} +${f(task.durationMs).padEnd(7)} ` +
        task.inside.map((entry) => `${entry.what} ${f(entry.selfMs)}`).join('; ') +
        (task.functions.length
          ? `\n${' '.repeat(22)}JS: ${task.functions.map((entry) => `${entry.what} ${f(entry.selfMs)}`).join('; ')}`
          : ''),
    ),
  ];
}

export interface PageLongTasks {
  page: AuditedPage;
  path: string;
  loads: PageLoad[];
}

export async function measureLongTasks(options: {
  chromiumPath: string;
  baseUrl: string;
  pages: AuditedPage[];
  session: SessionSetup;
  runsPerPage: number;
  cpuSlowdown: number;
  /** Where to keep each load's raw trace (for DevTools' Performance panel); none when not given. */
  traceDir?: string;
  log: (line: string) => void;
}): Promise<PageLongTasks[]> {
  const { baseUrl, session, log } = options;
  const profile = mkdtempSync(join(tmpdir(), 'challangex-long-tasks-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const forget = onShutdown(() => context.close());
  try {
    const results: PageLongTasks[] = [];
    // Signed-out pages first, while the profile has no session yet.
    const ordered = [...options.pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
    let signedIn = false;
    for (const page of ordered) {
      if (page.signedIn && !signedIn) {
        const setup = await context.newPage();
        setup.setDefaultTimeout(30_000);
        await session.signIn(setup, baseUrl);
        await setup.close();
        signedIn = true;
      }
      const path = typeof page.path === 'string' ? page.path : page.path();
      const loads: PageLoad[] = [];
      log(`long tasks of ${page.name} ${path} at ${options.cpuSlowdown}× CPU`);
      for (let run = 0; run < options.runsPerPage; run++) {
        if (options.traceDir) mkdirSync(options.traceDir, { recursive: true });
        const traceFile =
          options.traceDir && join(options.traceDir, `${pageKey(page)}-${run + 1}.trace.json`);
        const load = await loadOnce(context, `${baseUrl}${path}`, options.cpuSlowdown, traceFile);
        loads.push(load);
        for (const line of formatLoad(load)) log(line);
      }
      results.push({ page, path, loads });
    }
    return results;
  } finally {
    forget();
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** `npm run bench -- --only long-tasks`: not a budget, each page's loads for finding what to cut. */
export async function longTaskRows(options: {
  build: AppBuild;
  chromiumPath: string;
  pages: AuditedPage[];
  runsPerPage: number;
  cpuSlowdown: number;
  traceDir?: string;
  log: (line: string) => void;
}): Promise<Row[]> {
  const { build, pages, log } = options;
  const served = await step('starting the served app', () => startServedApp(build, log));
  const forget = onShutdown(served.stop);
  try {
    if (pages.some((page) => pageKey(page) === groupPageKey))
      await step('filling the demo group', () =>
        fillDemoGroup({ ports: build.ports, databaseUrl: served.databaseUrl, log }),
      );
    const results = await measureLongTasks({
      ...options,
      baseUrl: served.baseUrl,
      session: demoSession(served.databaseUrl),
    });
    return results.map(({ page, path, loads }) => ({
      area: 'long-tasks',
      measure: `${page.name} ${path}: Σ (long task − 50 ms) after FCP at ${options.cpuSlowdown}× CPU, each load`,
      result: loads
        .map((load) => `${f(load.blockingAfterFcpMs)} (${load.tasks.length} tasks)`)
        .join(', '),
      budget: '—',
      status: 'info',
    }));
  } finally {
    forget();
    await served.stop();
  }
}

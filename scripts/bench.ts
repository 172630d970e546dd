/**
 * `npm run bench`: the budgets of docs/architecture.md#budgets-and-quality, measured on this machine, printed as
 * one table and written to bench-results/bench.md and bench.json.
 *
 *   npm run bench -- --only bundle,lighthouse   # some sections only
 *   npm run bench -- --lighthouse-runs 1 --generate-requests 100
 *   npm run bench -- --only lighthouse --pages profile,home   # some audited pages only
 *   npm run bench -- --only lighthouse --cpu-slowdown 2       # another fixed CPU slowdown than Lighthouse's 4×
 *
 *   npm run bench -- --only groups --join-requests 20   # join latency and the board's bytes, a small sample
 *   npm run bench -- --only lighthouse --pages group-challenge   # the challenge page with a 50-member board
 *
 *   npm run bench -- --only long-tasks --pages feed --trace-runs 3   # long tasks at 4× CPU (not a budget)
 *   npm run bench -- --only memberday-paths   # the member-day's database operations by path group
 *   npm run bench -- --only peak --peak-members 1000,5000   # the dinner peak (docs/scaling.md)
 * Sections: planner, feed, generate, groups, emulators, recompute, proofs, reminders, bundle, memberday,
 * memberday-paths, lighthouse, long-tasks, peak.
 * Loopback only; every wait is bounded, and a watchdog ends a run that overstays. Lighthouse uses the Chromium
 * scripts/lib/find-chromium.ts finds (or installs). However the run ends (a failed section,
 * Ctrl-C, SIGTERM, a crash), every process it started is stopped.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { budgets, kib } from './bench/budgets';
import { auditedPages, demoSession, groupPageKey, repeatVisitPath } from './bench/demo-session';
import { fillDemoGroup } from './bench/group-fill';
import { measureFeedCost } from './bench/feed-cost';
import { measureEmulatorTiming } from './bench/emulator-timing';
import { measureGenerateLatency } from './bench/generate-latency';
import { measureBoardBytes, measureJoinLatency } from './bench/group-cost';
import { bundleRows } from './bench/bundle-rows';
import { auditPages, pageKey, selectPages } from './bench/lighthouse-audit';
import { longTaskRows } from './bench/long-tasks';
import type { RepeatVisit } from './bench/repeat-visit';
import { lighthousePageRows } from './bench/lighthouse-report';
import {
  DEFAULT_CPU_SLOWDOWN,
  describeMachine,
  machineLine,
  parseCpuSlowdown,
} from './bench/machine';
import { measureMemberDay, type MemberDayCost } from './bench/member-day-cost';
import { memberDayPathRows } from './bench/member-day-paths';
import { dinnerPeakRows } from './bench/dinner-peak';
import { firebasePrices, monthlyBill, PRICES_AS_OF } from './bench/firebase-prices';
import { ensureChromium } from './lib/find-chromium';
import { exitAfterCleanup, handleShutdown, onShutdown, step } from './lib/shutdown';
import { plannerRows } from './bench/planner-quality';
import { recomputeRows } from './bench/recompute-cost';
import { proofCheckRows } from './bench/proof-check';
import { reminderPeakRows } from './bench/reminder-peak';
import { check, renderReport, type Row } from './bench/report';
import { buildApp, startServedApp, type AppBuild } from './bench/served-app';
import { freeStackPorts, repoRoot } from './lib/stack';

const SECTIONS = [
  'planner',
  'feed',
  'generate',
  'groups',
  'emulators',
  'recompute',
  'proofs',
  'reminders',
  'bundle',
  'memberday',
  'memberday-paths',
  'lighthouse',
  'long-tasks',
  'peak',
] as const;
type Section = (typeof SECTIONS)[number];
const browserSections: Section[] = ['lighthouse', 'memberday', 'memberday-paths', 'long-tasks'];
const WATCHDOG_MS = 40 * 60_000;
const REPEAT_VISITS = 5;

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'lighthouse-runs': { type: 'string', default: String(budgets.lighthouse.runsPerPage) },
    // Some audited pages only, e.g. --pages profile,home (scripts/bench/lighthouse-audit.ts, selectPages).
    pages: { type: 'string' },
    // Lighthouse's CPU multiplier: its default 4 (the budgets' slowdown) unless another is asked for.
    'cpu-slowdown': { type: 'string' },
    'generate-requests': { type: 'string', default: '300' },
    'join-requests': { type: 'string', default: '100' },
    // --only long-tasks: loads a page, each traced (scripts/bench/long-tasks.ts); raw traces kept if asked.
    'trace-runs': { type: 'string', default: '3' },
    'trace-dir': { type: 'string' },
    // --only peak: the member counts simulated (scripts/bench/dinner-peak.ts).
    'peak-members': { type: 'string', default: '1000,5000,10000' },
  },
});
const selected = new Set<Section>(
  args.only ? (args.only.split(',').map((name) => name.trim()) as Section[]) : SECTIONS,
);
for (const name of selected)
  if (!SECTIONS.includes(name))
    throw new Error(`Unknown section "${name}" (${SECTIONS.join(', ')})`);
const cpuSlowdown = parseCpuSlowdown(args['cpu-slowdown']);

const log = (line: string) => console.log(`· ${line}`);
const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : '— ms';

async function feedRows(): Promise<Row[]> {
  const cost = await measureFeedCost([100, 10_000]);
  const area = 'feed cost';
  const [few, many] = cost.challengeCounts;
  const rows: Row[] = [];
  for (const count of cost.challengeCounts) {
    const ours = cost.feedIndex[count];
    rows.push({
      area,
      measure: `first page, feed/ index (orderByChild createdAt, limitToLast ${ours.rows}), ${count.toLocaleString('en')} challenges`,
      result: `${ours.bytes.toLocaleString('en')} B, ${ms(ours.medianMs)}`,
      budget: `≤ ${kib(budgets.feedFirstPageBytes)}`,
      status: check(ours.bytes <= budgets.feedFirstPageBytes),
    });
  }
  for (const count of cost.challengeCounts) {
    const original = cost.originalUsersRead[count];
    rows.push({
      area,
      measure: `original design: users/ limitToFirst(100), ${count.toLocaleString('en')} challenges`,
      result: `${original.bytes.toLocaleString('en')} B, ${ms(original.medianMs)}${original.reads === 1 ? ' (one read)' : ''}`,
      budget: '—',
      status: 'info',
    });
  }
  const drift = Math.abs(cost.feedIndex[many].bytes - cost.feedIndex[few].bytes);
  rows.push(
    {
      area,
      measure: `feed/ flat: ${many.toLocaleString('en')} vs ${few.toLocaleString('en')} challenges`,
      result: `${drift} B apart`,
      budget: `≤ ${budgets.feedFlatToleranceBytes} B`,
      status: check(drift <= budgets.feedFlatToleranceBytes),
    },
    {
      area,
      measure: `users/ read ÷ feed/ read, bytes (${few.toLocaleString('en')} / ${many.toLocaleString('en')} challenges)`,
      result: `${(cost.originalUsersRead[few].bytes / cost.feedIndex[few].bytes).toFixed(0)}× / ${(cost.originalUsersRead[many].bytes / cost.feedIndex[many].bytes).toFixed(0)}×`,
      budget: '—',
      status: 'info',
    },
  );
  return rows;
}

async function generateRows(): Promise<{ rows: Row[]; notes: string[] }> {
  const requests = Number(args['generate-requests']);
  const result = await measureGenerateLatency(requests);
  const rows = result.runs.map((run): Row => {
    const errors = Object.entries(run.unexpected).map(
      ([status, count]) => `${count}× HTTP ${status}`,
    );
    const budgeted = run.days === 7 && run.concurrency === 1;
    const ok = errors.length === 0 && (!budgeted || run.p95Ms <= budgets.generate7DayP95Ms);
    return {
      area: '/api/generate',
      measure: `${run.days}-day plan, concurrency ${run.concurrency}, ${run.requests} requests`,
      result:
        `p50 ${ms(run.p50Ms)}, p95 ${ms(run.p95Ms)}, ${run.requestsPerSecond.toFixed(0)} req/s; ` +
        `in the server without the token lookup p50 ${ms(run.serverOwnP50Ms)}, p95 ${ms(run.serverOwnP95Ms)} ` +
        `(lookup p95 ${ms(run.tokenCheckP95Ms)}); API process CPU ${ms(run.serverCpuPerRequestMs)} per request${errors.length ? `; ${errors.join(', ')}` : ''}`,
      budget: budgeted ? `p95 ≤ ${budgets.generate7DayP95Ms} ms` : '—',
      status: errors.length > 0 ? 'FAIL' : budgeted ? check(ok) : 'info',
    };
  });
  return {
    rows,
    notes: [
      `/api/generate: ${result.members} members signed up in the Auth emulator, each sending 2 requests (the active-challenge limit) a whole pass apart; every request creates a challenge (201). Latency is measured at the client, end to end: ID-token verification, the profile read, planning, the per-member lock and the multi-path write to the RTDB emulator. verifyIdToken checks revocation (functions/src/http/authenticate.ts), one Auth lookup per request: here over HTTP to firebase-tools' Auth emulator, in production to Google's Auth backend, so the server's own time without that lookup is shown too. At concurrency 16 one API process is saturated, so latency there is queueing (≈ 16 ÷ throughput); the budget is the per-request latency at concurrency 1.`,
    ],
  };
}

async function groupRows(): Promise<{ rows: Row[]; notes: string[] }> {
  const join = await measureJoinLatency(Number(args['join-requests']));
  const errors = Object.entries(join.unexpected).map(
    ([status, count]) => `${count}× HTTP ${status}`,
  );
  const rows: Row[] = [
    {
      area: 'groups',
      measure: `POST /api/challenges/:cid/join (own 7-day plan), concurrency 1, ${join.requests} joins into ${join.groups} group(s)`,
      result:
        `p50 ${ms(join.p50Ms)}, p95 ${ms(join.p95Ms)}, ${join.requestsPerSecond.toFixed(0)} req/s; ` +
        `in the server without the token lookup p50 ${ms(join.serverOwnP50Ms)}, p95 ${ms(join.serverOwnP95Ms)} ` +
        `(lookup p95 ${ms(join.tokenCheckP95Ms)}); API process CPU ${ms(join.serverCpuPerRequestMs)} per request${errors.length ? `; ${errors.join(', ')}` : ''}`,
      budget: `p95 ≤ ${budgets.joinP95Ms} ms`,
      status: check(errors.length === 0 && join.p95Ms <= budgets.joinP95Ms),
    },
  ];
  for (const board of await measureBoardBytes()) {
    rows.push({
      area: 'groups',
      measure: `board's first read, groups/{cid}/members: ${board.members} members, ${board.provedMeals} of 21 meals proved${board.provedMeals === 21 ? ' (each cheered)' : ''}`,
      result: `${board.bytes.toLocaleString('en')} B (${kib(board.bytes)}; gzip ${kib(board.gzipBytes)})`,
      // Reported, not budgeted (issue 30): one read sized by the member count, not by challenges or proofs.
      budget: '—',
      status: board.members === 50 ? 'info' : 'FAIL',
    });
  }
  return {
    rows,
    notes: [
      `Groups: each join is a fresh member (complete profile) joining a 7-day group challenge with its invite token: token verification, the checks, the place reserved by a transaction, their own plan from the planner, one multi-path write (their plan, board row, counters), then the feed's summary refreshed. The board's first read is one REST read of groups/{cid}/members (the page's first read goes over REST), rows made by the server's boardRowFor from planned 7-day plans; it grows with the member count only.`,
    ],
  };
}

async function emulatorRows(): Promise<Row[]> {
  const timing = await measureEmulatorTiming();
  const area = 'emulators';
  return [
    {
      area,
      measure: 'rules: 1,000 checks of a write under 10,000 validated children',
      result: ms(timing.rulesChecksMs),
      budget: `≤ ${budgets.emulators.rulesChecksMs} ms`,
      status: check(timing.rulesChecksMs <= budgets.emulators.rulesChecksMs),
    },
    {
      area,
      measure: 'database: write, read back and top-3 query of 10,000 children',
      result: ms(timing.tenThousandChildrenMs),
      budget: `≤ ${budgets.emulators.tenThousandChildrenMs} ms`,
      status: check(timing.tenThousandChildrenMs <= budgets.emulators.tenThousandChildrenMs),
    },
  ];
}

/** One member-day run serves both member-day sections. */
let memberDayRun: Promise<MemberDayCost> | undefined;
function memberDayCost(build: AppBuild, chromiumPath: string): Promise<MemberDayCost> {
  memberDayRun ??= (async () => {
    const served = await step('starting the served app', () => startServedApp(build, log));
    const forget = onShutdown(served.stop);
    try {
      return await measureMemberDay({ chromiumPath, served, ports: build.ports, log });
    } finally {
      forget();
      await served.stop();
    }
  })();
  return memberDayRun;
}

async function memberDayRows(
  build: AppBuild,
  chromiumPath: string,
): Promise<{ rows: Row[]; notes: string[] }> {
  const cost = await memberDayCost(build, chromiumPath);
  const area = 'member-day cost';
  const dollars = (value: number) =>
    `$${value.toLocaleString('en', { maximumFractionDigits: value < 100 ? 2 : 0 })}`;
  const rows: Row[] = [
    {
      area,
      measure:
        'Realtime Database downloaded per member-day (feed, own challenge with three meals proved, leaderboard; photos excluded)',
      result: `${kib(cost.databaseDownloadBytes)} (of which ${kib(cost.databaseSocketBytes)} over the WebSocket)`,
      budget: `≤ ${kib(budgets.memberDayDatabaseBytes)}`,
      status: check(cost.databaseDownloadBytes <= budgets.memberDayDatabaseBytes),
    },
    ...cost.opens.map((open): Row => ({
      area,
      measure: `open: ${open.name}`,
      result: `database ${kib(open.databaseBytes)}, Storage ${kib(open.storageBytes)}, ${open.invocations} API call(s)`,
      budget: '—',
      status: 'info',
    })),
    {
      area,
      measure: 'Storage per member-day: stored (uploads) / downloaded',
      result: `${kib(cost.storageUploadBytes)} in ${cost.storageUploads} upload(s) / ${kib(cost.storageDownloadBytes)} in ${cost.storageDownloads} request(s)`,
      budget: '—',
      status: 'info',
    },
    {
      area,
      measure: 'API function invocations per member-day',
      result: String(cost.functionInvocations),
      budget: '—',
      status: 'info',
    },
    ...[10_000, 1_000_000].map((members): Row => {
      const bill = monthlyBill(cost, members);
      return {
        area,
        measure: `monthly bill, ${members.toLocaleString('en')} daily members (30 days)`,
        result: `${dollars(bill.total)}: database ${dollars(bill.database)}, Storage transfer ${dollars(bill.storageTransfer)}, the month's photos stored ${dollars(bill.storageStored)}, functions ${dollars(bill.functions)}`,
        budget: '—',
        status: 'info',
      };
    }),
  ];
  const notes = [
    `Member-day: the production build in Chromium (375 px, service worker blocked so every photo comes from Storage), a fresh member signed in beforehand; every response sorted by the emulator that sent it. Prices (${PRICES_AS_OF}): database $${firebasePrices.databaseDownloadPerGb}/GB downloaded; Storage $${firebasePrices.storageStoredPerGbMonth}/GB-month, $${firebasePrices.storageDownloadPerGb}/GB downloaded, $${firebasePrices.storageUploadOpsPer10k} per 10k uploads, $${firebasePrices.storageDownloadOpsPer10k} per 10k downloads; functions $${firebasePrices.functionInvocationsPerMillion} per million invocations plus 100 ms of 1 vCPU and 256 MiB each. No-cost quotas left out.`,
  ];
  return { rows, notes };
}

function repeatVisitRow(visit: RepeatVisit | Error): Row {
  const measure = `${repeatVisitPath} signed in, second load with the service worker, no throttling: navigation start → first feed card in the page`;
  const budget = `≤ ${budgets.repeatVisitFirstCardMs} ms`;
  if (visit instanceof Error) {
    return { area: 'repeat visit', measure, result: visit.message, budget, status: 'error' };
  }
  return {
    area: 'repeat visit',
    measure: `${measure} (median of ${visit.firstCardMs.length})`,
    result:
      `${ms(visit.medianMs)} (${visit.firstCardMs.map(ms).join(', ')}; ` +
      `${visit.servedByServiceWorker ? 'served by the service worker' : 'NOT controlled by the service worker'})`,
    budget,
    status: check(visit.servedByServiceWorker && visit.medianMs <= budgets.repeatVisitFirstCardMs),
  };
}

async function lighthouseRows(
  build: AppBuild,
  chromiumPath: string,
  cpu: string,
): Promise<{ rows: Row[]; notes: string[] }> {
  const served = await step('starting the served app', () => startServedApp(build, log));
  const forget = onShutdown(served.stop);
  try {
    const pages = selectPages(auditedPages, args.pages);
    if (pages.some((page) => pageKey(page) === groupPageKey))
      await step('filling the demo group', () =>
        fillDemoGroup({ ports: build.ports, databaseUrl: served.databaseUrl, log }),
      );
    const { scores, repeatVisit } = await auditPages({
      chromiumPath,
      baseUrl: served.baseUrl,
      pages,
      session: demoSession(served.databaseUrl),
      runsPerPage: Number(args['lighthouse-runs']),
      cpuSlowdown,
      cpu,
      repeatVisit: { path: repeatVisitPath, visits: REPEAT_VISITS },
      log,
    });
    const reports = join(repoRoot, 'bench-results/lighthouse');
    mkdirSync(reports, { recursive: true });
    for (const page of scores) {
      const file = `${page.path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`;
      writeFileSync(join(reports, file), JSON.stringify(page.report));
    }
    const rows = scores.flatMap((page) => lighthousePageRows(page, cpu));
    rows.push(repeatVisitRow(repeatVisit));
    const notes = [
      `Lighthouse ${Number(args['lighthouse-runs'])} run(s) per page at a fixed ${cpuSlowdown}× CPU slowdown${cpuSlowdown === DEFAULT_CPU_SLOWDOWN ? " (Lighthouse's default, the budgets')" : ` (not the ${DEFAULT_CPU_SLOWDOWN}× the budgets are judged at)`} on ${cpu}; mobile defaults (simulated throttling). Each budgeted figure is the median over the page's runs; the saved report is Lighthouse's median run (computeMedianRun). Signed-in pages: a demo member signs in through /login in the same Chromium profile (Playwright over CDP), Lighthouse keeps that storage (disableStorageReset); the HTTP cache, service worker and Cache Storage are cleared before every run (each audit is a first visit). Full reports: bench-results/lighthouse/.`,
      ...scores.flatMap((page) =>
        page.failingAudits.map((audit) => `${page.path} lost points on ${audit}`),
      ),
    ];
    return { rows, notes };
  } finally {
    forget();
    await served.stop();
  }
}

async function main(): Promise<number> {
  // The bench starts its own emulators; a dev shell's settings would redirect the SDKs measured here.
  for (const name of [
    'FIREBASE_DATABASE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
  ]) {
    delete process.env[name];
  }
  const startedAt = new Date();
  const machine = describeMachine();
  console.log(`ChallangeX bench on ${machineLine(machine)}`);
  const rows: Row[] = [];
  const notes: string[] = [];
  let chromiumPath: string | undefined;
  const run = async (
    section: Section,
    measure: () => Promise<Row[] | { rows: Row[]; notes: string[] }>,
  ) => {
    if (!selected.has(section)) return;
    log(`${section}…`);
    try {
      const result = await step(section, measure);
      if (Array.isArray(result)) rows.push(...result);
      else {
        rows.push(...result.rows);
        notes.push(...result.notes);
      }
    } catch (error) {
      console.error(`✗ ${(error as Error).message ?? error}`);
      rows.push({
        area: section,
        measure: 'section failed to run',
        result: String((error as Error).message ?? error),
        budget: '—',
        status: 'error',
      });
    }
  };

  if (browserSections.some((section) => selected.has(section))) {
    // Before the long sections: installing a browser, or failing to, should happen first.
    try {
      chromiumPath = ensureChromium({ override: process.env.CHROMIUM_PATH, log });
    } catch (error) {
      for (const section of browserSections) selected.delete(section);
      console.error(`✗ ${(error as Error).message}`);
      rows.push({
        area: 'lighthouse',
        measure: 'Chromium',
        result: String((error as Error).message),
        budget: '—',
        status: 'error',
      });
    }
  }

  await run('planner', plannerRows);
  await run('feed', feedRows);
  await run('generate', generateRows);
  await run('groups', groupRows);
  await run('emulators', emulatorRows);
  await run('recompute', recomputeRows);
  await run('proofs', () => proofCheckRows(log));
  await run('reminders', reminderPeakRows);
  await run('peak', () =>
    dinnerPeakRows({
      memberCounts: args['peak-members'].split(',').map((count) => Number(count.trim())),
      log,
    }),
  );
  let build: AppBuild | undefined;
  const served = ['bundle', 'memberday', 'memberday-paths', 'lighthouse', 'long-tasks'] as const;
  if (served.some((section) => selected.has(section))) {
    try {
      build = buildApp(await freeStackPorts(), log);
    } catch (error) {
      rows.push({
        area: 'bundle',
        measure: 'vite build',
        result: String(error),
        budget: '—',
        status: 'error',
      });
    }
  }
  if (build) {
    const appBuild = build;
    await run('bundle', () => bundleRows(appBuild.distDir));
    if (chromiumPath) {
      const browser = chromiumPath;
      await run('memberday', () => memberDayRows(appBuild, browser));
      await run('memberday-paths', async () =>
        memberDayPathRows((await memberDayCost(appBuild, browser)).operations),
      );
      await run('lighthouse', () => lighthouseRows(appBuild, browser, machine.cpu));
      await run('long-tasks', () =>
        longTaskRows({
          build: appBuild,
          chromiumPath: browser,
          pages: selectPages(auditedPages, args.pages),
          runsPerPage: Number(args['trace-runs']),
          cpuSlowdown,
          traceDir: args['trace-dir'],
          log,
        }),
      );
    }
    rmSync(appBuild.distDir, { recursive: true, force: true });
  }

  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const markdown = renderReport(machine, startedAt, seconds, rows, notes);
  const out = join(repoRoot, 'bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bench.md'), markdown);
  writeFileSync(
    join(out, 'bench.json'),
    JSON.stringify({ machine, startedAt, seconds, rows, notes }, null, 2),
  );
  console.log(`\n${markdown}\nWritten to bench-results/bench.md and bench-results/bench.json`);
  return rows.some((row) => row.status === 'FAIL' || row.status === 'error') ? 1 : 0;
}

handleShutdown('npm run bench');
setTimeout(
  () => void exitAfterCleanup(`The bench overstayed ${WATCHDOG_MS / 60_000} minutes; stopping.`, 2),
  WATCHDOG_MS,
).unref();
// Exit explicitly: SDK connections and timers of the measured libraries may linger.
process.exit(await main());

/**
 * What the bench reads from each Lighthouse run and how it judges a page: every budgeted figure at its median over
 * the page's runs (5 by default), each run's figures printed beside it, and the host's CPU model with them
 * (docs/performance.md, "How each figure is measured").
 */
import type { Result as LighthouseResult } from 'lighthouse';
import { budgets, kib } from './budgets';
import { median } from './machine';
import { check, type Row } from './report';

/** Lighthouse's task groups (core/lib/tracehouse/task-groups.js), as the bench prints them. */
const groupNames: Readonly<Record<string, string>> = {
  scriptEvaluation: 'script evaluation',
  styleLayout: 'style & layout',
  other: 'other',
  paintCompositeRender: 'rendering',
  parseHTML: 'parse HTML & CSS',
  scriptParseCompile: 'script parse & compile',
  garbageCollection: 'garbage collection',
};
/** Printed by name on every page; the other groups are summed as "the rest". */
const namedGroups = ['scriptEvaluation', 'styleLayout', 'other'] as const;

export interface MainThreadWork {
  /** `mainthread-work-breakdown`'s numericValue: already multiplied by the run's CPU slowdown. */
  totalMs: number;
  /** Milliseconds per task group id (scriptEvaluation, styleLayout, other, …). */
  groups: Readonly<Record<string, number>>;
}

/** The figures of one Lighthouse run that the bench budgets or prints. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  mainThread: MainThreadWork;
  /** JS the page fetched (transfer size), initial and lazy route chunks alike. */
  scriptTransferBytes: number;
}

const score = (lhr: LighthouseResult, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

export function mainThreadWork(lhr: LighthouseResult): MainThreadWork {
  const audit = lhr.audits['mainthread-work-breakdown'];
  const items = ((audit?.details as { items?: Array<{ group?: string; duration?: number }> })
    ?.items ?? []) as Array<{ group?: string; duration?: number }>;
  const groups: Record<string, number> = {};
  for (const item of items)
    if (item.group) groups[item.group] = (groups[item.group] ?? 0) + (item.duration ?? 0);
  return { totalMs: audit?.numericValue ?? NaN, groups };
}

function scriptBytes(lhr: LighthouseResult): number {
  const details = lhr.audits['network-requests']?.details as
    { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

export function runFigures(lhr: LighthouseResult): RunFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    firstContentfulPaintMs: metric(lhr, 'first-contentful-paint'),
    largestContentfulPaintMs: metric(lhr, 'largest-contentful-paint'),
    totalBlockingTimeMs: metric(lhr, 'total-blocking-time'),
    cumulativeLayoutShift: metric(lhr, 'cumulative-layout-shift'),
    mainThread: mainThreadWork(lhr),
    scriptTransferBytes: scriptBytes(lhr),
  };
}

const whole = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en') : '—';
const msText = (value: number) => `${whole(value)} ms`;
const seconds = (value: number) =>
  Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '— s';
const shift = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '—');

/** "script evaluation 895, style & layout 216, other 841, the rest 142" (ms). */
export function mainThreadGroupsText(work: MainThreadWork): string {
  const rest = Object.entries(work.groups)
    .filter(([group]) => !(namedGroups as readonly string[]).includes(group))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const named = namedGroups.map(
    (group) => `${groupNames[group]} ${whole(work.groups[group] ?? 0)}`,
  );
  return [...named, `the rest ${whole(rest)}`].join(', ');
}

/** One run's line in the bench's log: every budgeted figure, the main thread's groups, the CPU beside them. */
export const runLine = (
  run: number,
  figures: RunFigures,
  cpuSlowdown: number,
  cpu: string,
): string =>
  `  run ${run}: performance ${figures.performance}, TBT ${msText(figures.totalBlockingTimeMs)}, ` +
  `LCP ${seconds(figures.largestContentfulPaintMs)}, CLS ${shift(figures.cumulativeLayoutShift)}, ` +
  `main-thread work ${msText(figures.mainThread.totalMs)} (${mainThreadGroupsText(figures.mainThread)}); ` +
  `${cpuSlowdown}× CPU slowdown on ${cpu}`;

/** A median over the page's runs, and the runs' own values in their order. */
function over(runs: readonly RunFigures[], pick: (run: RunFigures) => number) {
  const values = runs.map(pick);
  return { median: median(values), values };
}

export interface AuditedPageFigures {
  name: string;
  path: string;
  runs: readonly RunFigures[];
  cpuSlowdownMultiplier: number;
}

/**
 * The page's rows: each budgeted figure at its median over the runs, judged against scripts/bench/budgets.ts,
 * with every run's value and the host's CPU in the result.
 */
export function lighthousePageRows(page: AuditedPageFigures, cpu: string): Row[] {
  const target = budgets.lighthouse;
  const host = `${page.runs.length} run(s), ${page.cpuSlowdownMultiplier}× CPU slowdown on ${cpu}`;
  const row = (
    label: string,
    pick: (run: RunFigures) => number,
    format: (value: number) => string,
    budget: string,
    within: (value: number) => boolean,
    detail = '',
  ): Row => {
    const { median: value, values } = over(page.runs, pick);
    return {
      area: 'lighthouse',
      measure: `${page.name} ${page.path}: ${label}, median`,
      result: `${format(value)}${detail} (runs: ${values.map(format).join(', ')}; ${host})`,
      budget,
      status: check(within(value)),
    };
  };
  const work = (run: RunFigures) => run.mainThread.totalMs;
  // The run whose main-thread work is the median, for its groups (a median of each group need not add up).
  const medianWork = page.runs.find((run) => work(run) === over(page.runs, work).median);
  return [
    row(
      'performance',
      (run) => run.performance,
      String,
      `≥ ${target.performance}`,
      (value) => value >= target.performance,
    ),
    row(
      'Total Blocking Time',
      (run) => run.totalBlockingTimeMs,
      msText,
      `≤ ${target.totalBlockingTimeMs} ms`,
      (value) => value <= target.totalBlockingTimeMs,
    ),
    row(
      'Largest Contentful Paint',
      (run) => run.largestContentfulPaintMs,
      seconds,
      `≤ ${seconds(target.largestContentfulPaintMs)}`,
      (value) => value <= target.largestContentfulPaintMs,
    ),
    row(
      'Cumulative Layout Shift',
      (run) => run.cumulativeLayoutShift,
      shift,
      `≤ ${target.cumulativeLayoutShift}`,
      (value) => value <= target.cumulativeLayoutShift,
    ),
    row(
      'main-thread work (mainthread-work-breakdown)',
      work,
      msText,
      `≤ ${seconds(target.mainThreadWorkMs)}`,
      (value) => value <= target.mainThreadWorkMs,
      medianWork ? `: ${mainThreadGroupsText(medianWork.mainThread)}` : '',
    ),
    row(
      'accessibility',
      (run) => run.accessibility,
      String,
      `${target.accessibility}`,
      (value) => value >= target.accessibility,
    ),
    row(
      'best practices',
      (run) => run.bestPractices,
      String,
      `${target.bestPractices}`,
      (value) => value >= target.bestPractices,
    ),
    {
      area: 'lighthouse',
      measure: `${page.name} ${page.path}: FCP and script transferred, median`,
      result: `FCP ${seconds(over(page.runs, (run) => run.firstContentfulPaintMs).median)}, JS ${kib(over(page.runs, (run) => run.scriptTransferBytes).median)} (${host})`,
      budget: '—',
      status: 'info',
    },
  ];
}

/** The budgets of docs/architecture.md#budgets-and-quality, in the units the bench measures. */
export const budgets = {
  homeInitialJsGzipBytes: 95 * 1024,
  /**
   * Judged at Lighthouse's default fixed 4× CPU slowdown (machine.ts, DEFAULT_CPU_SLOWDOWN) on the host that runs
   * the bench, named beside every figure; each figure is the median of `runsPerPage` runs of the page.
   */
  lighthouse: {
    runsPerPage: 5,
    performance: 95,
    accessibility: 100,
    bestPractices: 100,
    totalBlockingTimeMs: 150,
    largestContentfulPaintMs: 2200,
    cumulativeLayoutShift: 0.02,
    /** Lighthouse's `mainthread-work-breakdown`: all the main thread's work in the load, at the CPU slowdown. */
    mainThreadWorkMs: 3000,
  },
  /** Second load with the service worker, no throttling: navigation start → first feed card on screen. */
  repeatVisitFirstCardMs: 500,
  feedFirstPageBytes: 8 * 1024,
  /** A member-day (three opens, three proofs): Realtime Database downloads, photos excluded. */
  memberDayDatabaseBytes: 250 * 1024,
  /** "Flat": the 10,000-challenge page may differ from the 100-challenge one by this much at most. */
  feedFlatToleranceBytes: 64,
  /** Was 30 ms; the linear-programming planner adds ~15 ms of CPU to a 7-day plan (docs/nutrition.md). */
  generate7DayP95Ms: 60,
  /** Issue 30: joining a group plans the member's own copy; p95 at concurrency 1. */
  joinP95Ms: 50,
  /**
   * Issue 41: checking one proof photo (1600×1200 JPEG: header, bounded decode, its crops and turns
   * hashed), p95; and the most index rows a near-duplicate lookup may read (rows only land in its
   * buckets by a 28-bit chance or as copies of the same picture).
   */
  proofs: { checkP95Ms: 150, lookupRowsRead: 8 },
  /** docs/nutrition.md's quality bars. */
  /** The local emulators at scale (moved here from functional tests, where timing flaked under load). */
  emulators: { rulesChecksMs: 1000, tenThousandChildrenMs: 15_000 },
  planner: {
    /** Share of days within every bound (docs/nutrition.md#targets-and-bounds), and within each. */
    daysWithinBounds: 0.95,
    /** One 7-day plan, CPU time of the planning process. */
    plan7DayP95Ms: 50,
    dietViolations: 0,
    repeatedDishes: 0,
    portionsOutOfRange: 0,
  },
} as const;

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

import { addDays, calendarDateInZone, type CalendarDate } from '@domain/calendar-dates';
import {
  challengeEndsAt,
  isActiveUntil,
  type ChallengeCounts,
} from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import { dayKey } from '@domain/challenges/meal-schedule';
import {
  challengeDays,
  streakFromDays,
  type ActivityDays,
  type ChallengeDay,
  type MealStreak,
} from '@domain/challenges/meal-streak';
import { computeScore, periodKeys, provedInWindow, type Score } from '@domain/challenges/points';
import {
  GLANCE_DAYS,
  GLANCE_MAX_MEALS_A_DAY,
  type MemberGlance,
  type MemberStreakFields,
} from '@domain/members/member-glance';

/** A proof judged once (functions/src/proofs/proof-verification.ts): its `doneAt` and whether the photo held. */
export interface ProofVerdict {
  doneAt: number;
  ok: boolean;
}

/**
 * What one challenge contributes to its member's totals, derived from the record as its proofs
 * hold. The server keeps it per challenge (dbPaths.progressChallenge, server-only) so a recompute
 * redoes only the challenges that can change; `proofs` spares a second Storage look-up.
 */
export interface ChallengeContribution {
  createdAt: number;
  deleted: boolean;
  isActive: boolean;
  /** When the challenge's last meal window closes (0 when it has no meals). */
  endsAt: number;
  /** Points per ISO week / month; a period that only unverified proofs claimed is listed with 0. */
  weekly: Record<string, number>;
  monthly: Record<string, number>;
  total: number;
  /** The challenge's streak days by date (its zone): see challengeDays. */
  days: Record<CalendarDate, ChallengeDay>;
  mealsProved: number;
  /** Meals whose window closed by `now`, or which were proved; first-day meals closed before creation excepted. */
  mealsPlanned: number;
  /** Verdicts by 'Day{n}-{slot}'. */
  proofs: Record<string, ProofVerdict>;
  /** A group challenge whose team bonus is not decided yet stays open until the group's end. */
  settlesAt?: number;
  /** A group plan the member left (or was removed from): its record is gone, what it earned stays. */
  left?: boolean;
}

/**
 * What a group plan the member left keeps (docs/product.md, "Group challenges": earned points stay):
 * its points and the days that had ended, frozen as settled; the days still ahead go, so that they
 * neither break the streak nor count as planned.
 */
export function leftContribution(
  contribution: ChallengeContribution,
  now: number,
): ChallengeContribution {
  const days = Object.fromEntries(
    Object.entries(contribution.days).filter(([, day]) => day.endsAt < now),
  );
  const left: ChallengeContribution = {
    ...contribution,
    left: true,
    isActive: false,
    endsAt: Math.min(contribution.endsAt, now),
    days,
  };
  delete left.settlesAt;
  return left;
}

/**
 * What a group challenge adds to a member's own plan (docs/product.md, "Group challenges"): until the
 * team bonus is decided, when the group ends (the latest window of any member); once decided, the
 * group's end and this member's bonus points (0 when not a recipient).
 */
export interface GroupTerms {
  settlesAt?: number;
  bonus?: { endsAt: number; points: number };
}

/**
 * One challenge's contribution. `claimed` is the record as stored (its Done meals as the client
 * wrote them), `verified` the same record as its proofs hold: periods that claimed proofs touched
 * are listed with 0 so that a recompute clears what unverified proofs once earned.
 */
export function challengeContribution(
  claimed: ChallengeRecord,
  verified: ChallengeRecord,
  now: number,
  proofs: Record<string, ProofVerdict> = {},
  group?: GroupTerms,
): ChallengeContribution {
  const deleted = verified.deleted === true;
  const score = computeScore([verified]);
  // The team bonus counts in the week and month of the group's end, in the plan's zone, like every point.
  if (!deleted && group?.bonus && group.bonus.points > 0) {
    const { week, month } = periodKeys(group.bonus.endsAt, verified.timezone);
    score.total += group.bonus.points;
    score.weekly[week] = (score.weekly[week] ?? 0) + group.bonus.points;
    score.monthly[month] = (score.monthly[month] ?? 0) + group.bonus.points;
  }
  const claimedScore = computeScore([claimed]);
  for (const week of Object.keys(claimedScore.weekly)) score.weekly[week] ??= 0;
  for (const month of Object.keys(claimedScore.monthly)) score.monthly[month] ??= 0;
  let mealsProved = 0;
  let mealsPlanned = 0;
  if (!deleted) {
    for (let dayNumber = 1; dayNumber <= verified.day; dayNumber++) {
      for (const slot of MEAL_SLOTS) {
        const meal = verified.meals?.[dayKey(dayNumber)]?.[slot];
        if (!meal) continue;
        const proved = provedInWindow(meal);
        if (proved) mealsProved++;
        // A meal whose window had closed before the challenge was created could never be proved.
        if (proved || (meal.closesAt > verified.createdAt && meal.closesAt < now)) mealsPlanned++;
      }
    }
  }
  return {
    createdAt: typeof verified.createdAt === 'number' ? verified.createdAt : 0,
    deleted,
    isActive: verified.isActive !== false,
    endsAt: challengeEndsAt(verified) ?? 0,
    weekly: score.weekly,
    monthly: score.monthly,
    total: score.total,
    days: Object.fromEntries(challengeDays(verified)),
    mealsProved,
    mealsPlanned,
    proofs,
    ...(group?.settlesAt !== undefined && { settlesAt: group.settlesAt }),
  };
}

/**
 * Nothing in the challenge can change any more: deleted, or every window has closed (for a group
 * challenge whose team bonus is still to be decided, every member's).
 */
export function isSettled(
  contribution: Pick<ChallengeContribution, 'endsAt' | 'deleted' | 'settlesAt' | 'left'>,
  now: number,
) {
  return (
    contribution.deleted ||
    contribution.left === true ||
    now > Math.max(contribution.endsAt, contribution.settlesAt ?? 0)
  );
}

/** A date's settled challenge days, summed: how many, how many qualified, meals proved, latest end. */
export interface DateTally {
  n: number;
  q: number;
  p: number;
  e: number;
}

/** The streak over dates folded away (all settled, older than the calendar and every open challenge). */
export interface FoldedStreak {
  /** The last folded date, '' when none. */
  through: CalendarDate | '';
  current: number;
  best: number;
  freezes: number;
  breakDays: number;
  breakOn: CalendarDate | '';
}

/**
 * progress/{uid}/member (server-only): the settled challenges summed, and which are open. A
 * recompute reads this one record and the open challenges, never the member's whole history.
 */
export interface MemberRollup {
  version: number;
  /** The newest challenge's createdAt seen: later ones are new. */
  latestCreatedAt: number;
  /** The settled challenges the next recompute checks for a deletion, in key order, a few at a time. */
  sweepNext: Record<string, true>;
  /** Challenges not settled yet, re-derived on every recompute. */
  open: Record<string, true>;
  total: number;
  weekly: Record<string, number>;
  monthly: Record<string, number>;
  mealsProved: number;
  mealsPlanned: number;
  /** Settled challenges not deleted: every one has ended. */
  challenges: number;
  /** Settled challenges' days after folded.through. */
  days: Record<CalendarDate, DateTally>;
  folded: FoldedStreak;
}

export const ROLLUP_VERSION = 1;

export function emptyRollup(): MemberRollup {
  return {
    version: ROLLUP_VERSION,
    latestCreatedAt: 0,
    sweepNext: {},
    open: {},
    total: 0,
    weekly: {},
    monthly: {},
    mealsProved: 0,
    mealsPlanned: 0,
    challenges: 0,
    days: {},
    folded: { through: '', current: 0, best: 0, freezes: 0, breakDays: 0, breakOn: '' },
  };
}

/** The stored rollup (the database drops empty maps), or undefined when there is none of this version. */
export function parseRollup(value: unknown): MemberRollup | undefined {
  const stored = value as Partial<MemberRollup> | null | undefined;
  if (stored?.version !== ROLLUP_VERSION) return undefined;
  const empty = emptyRollup();
  return {
    ...empty,
    ...stored,
    open: stored.open ?? {},
    sweepNext: stored.sweepNext ?? {},
    weekly: stored.weekly ?? {},
    monthly: stored.monthly ?? {},
    days: stored.days ?? {},
    folded: { ...empty.folded, ...stored.folded },
  };
}

/** A stored contribution (the database drops empty maps). */
export function parseContribution(value: unknown): ChallengeContribution | undefined {
  const stored = value as Partial<ChallengeContribution> | null | undefined;
  if (!stored || typeof stored.endsAt !== 'number') return undefined;
  return {
    createdAt: 0,
    deleted: false,
    isActive: true,
    total: 0,
    mealsProved: 0,
    mealsPlanned: 0,
    ...stored,
    endsAt: stored.endsAt,
    weekly: stored.weekly ?? {},
    monthly: stored.monthly ?? {},
    days: stored.days ?? {},
    proofs: stored.proofs ?? {},
  };
}

function addTo(sums: Record<string, number>, parts: Record<string, number>, sign: number) {
  for (const [key, value] of Object.entries(parts)) {
    const sum = (sums[key] ?? 0) + sign * value;
    if (sum === 0) delete sums[key];
    else sums[key] = sum;
  }
}

/**
 * Adds a settled contribution to the rollup (sign 1) or takes it out (-1, when it was deleted).
 * Returns false, changing nothing, when one of its days is already folded: the caller rebuilds.
 */
export function applySettled(
  rollup: MemberRollup,
  contribution: ChallengeContribution,
  sign: 1 | -1,
): boolean {
  const dates = Object.keys(contribution.days);
  if (rollup.folded.through && dates.some((date) => date <= rollup.folded.through)) return false;
  rollup.total += sign * contribution.total;
  addTo(rollup.weekly, contribution.weekly, sign);
  addTo(rollup.monthly, contribution.monthly, sign);
  if (contribution.deleted) return true;
  rollup.mealsProved += sign * contribution.mealsProved;
  rollup.mealsPlanned += sign * contribution.mealsPlanned;
  // A plan left before its end was not completed.
  if (contribution.left !== true) rollup.challenges += sign;
  for (const [date, day] of Object.entries(contribution.days)) {
    const tally = rollup.days[date] ?? { n: 0, q: 0, p: 0, e: 0 };
    tally.n += sign;
    tally.q += sign * (day.proved >= day.needed ? 1 : 0);
    tally.p += sign * day.proved;
    // Same-zone challenges end a date together; after a zone change the later end is kept.
    tally.e = Math.max(tally.e, day.endsAt);
    if (tally.n <= 0) delete rollup.days[date];
    else rollup.days[date] = tally;
  }
  return true;
}

/** A settled date as one challenge day: it qualified if any of its challenge days did. */
const tallyDay = (tally: DateTally): ChallengeDay => ({
  proved: tally.q > 0 ? 1 : 0,
  needed: 1,
  endsAt: tally.e,
});

function foldedStreak(folded: FoldedStreak): MealStreak {
  return {
    current: folded.current,
    best: folded.best,
    freezes: folded.freezes,
    ...(folded.breakOn ? { lastBreak: { days: folded.breakDays, on: folded.breakOn } } : {}),
  };
}

/**
 * Folds the settled dates before `before` into the streak that stands before them: they can no
 * longer change (only a deletion could, and that rebuilds the rollup), so the rollup stays small.
 */
export function foldBefore(rollup: MemberRollup, before: CalendarDate, now: number): void {
  const dates = Object.keys(rollup.days).filter((date) => date < before);
  if (dates.length === 0) return;
  const activity: ActivityDays = {};
  for (const date of dates) {
    activity[date] = { settled: tallyDay(rollup.days[date]) };
    delete rollup.days[date];
  }
  const streak = streakFromDays(activity, now, foldedStreak(rollup.folded));
  rollup.folded = {
    through: dates.sort().at(-1)!,
    current: streak.current,
    best: streak.best,
    freezes: streak.freezes,
    breakDays: streak.lastBreak?.days ?? 0,
    breakOn: streak.lastBreak?.on ?? '',
  };
}

/** The date from which dates stay unfolded: the calendar's first day, or an open challenge's first. */
export function foldBoundary(
  open: Iterable<ChallengeContribution>,
  now: number,
  timeZone: string,
): CalendarDate {
  let boundary = addDays(calendarDateInZone(now, timeZone), 1 - GLANCE_DAYS);
  for (const contribution of open)
    for (const date of Object.keys(contribution.days)) if (date < boundary) boundary = date;
  return boundary;
}

export interface MemberProgress {
  score: Score;
  counts: ChallengeCounts;
  streak: MemberStreakFields;
  glance: MemberGlance;
}

/** A member's score, counters, streak and glance: the rollup's settled sums plus the open challenges. */
export function memberTotals(
  rollup: MemberRollup,
  open: Iterable<ChallengeContribution>,
  now: number,
  timeZone: string,
): MemberProgress {
  const score: Score = {
    total: rollup.total,
    weekly: { ...rollup.weekly },
    monthly: { ...rollup.monthly },
  };
  const counts: ChallengeCounts = { activeChallenges: 0, totalChallenges: rollup.challenges };
  const glance: MemberGlance = {
    challengesCompleted: rollup.challenges,
    mealsProved: rollup.mealsProved,
    mealsPlanned: rollup.mealsPlanned,
    days: {},
  };
  const activity: ActivityDays = {};
  const proved: Record<CalendarDate, number> = {};
  for (const [date, tally] of Object.entries(rollup.days)) {
    activity[date] = { settled: tallyDay(tally) };
    proved[date] = tally.p;
  }
  let index = 0;
  for (const challenge of open) {
    const id = `open-${index++}`;
    score.total += challenge.total;
    for (const [week, points] of Object.entries(challenge.weekly))
      score.weekly[week] = (score.weekly[week] ?? 0) + points;
    for (const [month, points] of Object.entries(challenge.monthly))
      score.monthly[month] = (score.monthly[month] ?? 0) + points;
    if (challenge.deleted) continue;
    counts.totalChallenges++;
    if (isActiveUntil(challenge, challenge.endsAt || undefined, now)) counts.activeChallenges++;
    if (now > challenge.endsAt) glance.challengesCompleted++;
    glance.mealsProved += challenge.mealsProved;
    glance.mealsPlanned += challenge.mealsPlanned;
    for (const [date, day] of Object.entries(challenge.days)) {
      (activity[date] ??= {})[id] = day;
      proved[date] = (proved[date] ?? 0) + day.proved;
    }
  }
  const streak = streakFromDays(activity, now, foldedStreak(rollup.folded));
  const today = calendarDateInZone(now, timeZone);
  const first = addDays(today, 1 - GLANCE_DAYS);
  for (const [date, count] of Object.entries(proved))
    if (first <= date && date <= today) glance.days[date] = Math.min(GLANCE_MAX_MEALS_A_DAY, count);
  return {
    score,
    counts,
    glance,
    streak: {
      currentStreak: streak.current,
      bestStreak: streak.best,
      streakFreezes: streak.freezes,
      lastStreakBreakDays: streak.lastBreak?.days ?? null,
      lastStreakBreakOn: streak.lastBreak?.on ?? null,
    },
  };
}

/**
 * A rollup built from every contribution (no rollup yet, or an old settled challenge deleted):
 * returns it and the open contributions.
 */
export function rebuildRollup(
  contributions: Record<string, ChallengeContribution>,
  now: number,
  timeZone: string,
): { rollup: MemberRollup; open: Record<string, ChallengeContribution> } {
  const rollup = emptyRollup();
  const open: Record<string, ChallengeContribution> = {};
  for (const [challengeId, contribution] of Object.entries(contributions)) {
    rollup.latestCreatedAt = Math.max(rollup.latestCreatedAt, contribution.createdAt);
    if (isSettled(contribution, now)) applySettled(rollup, contribution, 1);
    else {
      open[challengeId] = contribution;
      rollup.open[challengeId] = true;
    }
  }
  foldBefore(rollup, foldBoundary(Object.values(open), now, timeZone), now);
  return { rollup, open };
}

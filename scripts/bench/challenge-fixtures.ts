/**
 * Realistic database content for the feed-cost bench: challenges built the
 * way the API builds them (the built-in planner's full meal plans, meal
 * windows, targets), spread over a fixed community of members, with the
 * matching feed/ index entries.
 */
import { calendarDateInZone } from '@domain/calendar-dates';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import { planMeals } from '../../functions/src/planner/meal-planner';
import { loadLpSolver } from '../../functions/src/planner/nutrition/lp-solver';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import {
  buildChallengeRecord,
  buildFeedEntry,
  challengeStart,
} from '../../functions/src/challenges/challenge-records';
import { boardMealsOf, boardRowFor } from '../../functions/src/groups/group-store';
import { MEAL_SLOTS } from '@domain/constants';
import type { BoardMeal, BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { dayKey } from '@domain/challenges/meal-schedule';
import { randomProfiles } from './random-profiles';

const TIME_ZONE = 'Asia/Kolkata';
/** Distinct plans to cycle through; planning 10,000 would only slow the bench. */
const TEMPLATE_COUNT = 64;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MemberRecords {
  info: Record<string, unknown>;
  private: Record<string, unknown>;
  challenges: Record<string, ChallengeRecord>;
}

export interface CommunityData {
  users: Record<string, MemberRecords>;
  feed: Record<string, FeedEntry>;
}

/** A production-shaped Storage download URL (what photoURL holds once a member uploads an avatar). */
const avatarUrl = (uid: string) =>
  `https://firebasestorage.googleapis.com/v0/b/challangex.appspot.com/o/Avatar%2F${uid}%2Favatar.jpg?alt=media&token=5f0c2b8e-8d1a-4c51-9a8e-${uid.padStart(12, '0').slice(-12)}`;

const solve = await loadLpSolver();

function templates(createdAt: number): ChallengeRecord[] {
  return randomProfiles(TEMPLATE_COUNT, 'feed-fixtures').map((profile, index) => {
    const targets = nutritionTargets(profile.body, profile.goal);
    const plan = planMeals(
      {
        targets,
        days: profile.days,
        preference: profile.preference,
        seed: `fixture-${index}`,
      },
      solve,
    );
    return buildChallengeRecord({
      request: {
        title: '',
        day: profile.days,
        user_id: '',
        preference: profile.preference,
        targetBody: profile.goal,
        displayName: '',
        photoURL: '',
        timezone: TIME_ZONE,
      },
      member: { displayName: '', photoURL: '' },
      start: challengeStart(calendarDateInZone(createdAt, TIME_ZONE), profile.days, TIME_ZONE),
      targets,
      plan,
      createdAt,
    });
  });
}

/**
 * `challengeCount` challenges, the newest created now, one per member in
 * turn among `memberCount` members (so with 100 members the original
 * design's `users/` limit of 100 still reads every challenge).
 */
export function communityData(
  challengeCount: number,
  memberCount = 100,
  now = Date.now(),
): CommunityData {
  const shapes = templates(now);
  const users: Record<string, MemberRecords> = {};
  const feed: Record<string, FeedEntry> = {};
  for (let index = 0; index < memberCount; index++) {
    const uid = `member${String(index).padStart(4, '0')}`;
    users[uid] = {
      info: {
        uid,
        displayName: `Member ${index}`,
        photoURL: avatarUrl(uid),
        joinAt: '2026-01-01 09:00:00',
        createdAt: now - 365 * DAY_MS,
        location: 'Pune',
        preference: 'veg',
        bio: 'Here for the challenges, staying for the leaderboard.',
        score: 0,
        activeChallenges: 0,
        totalChallenges: 0,
      },
      private: {
        email: `${uid}@bench.challangex.dev`,
        emailVerified: true,
        height: 170,
        weight: 70,
        age: 30,
      },
      challenges: {},
    };
  }
  for (let index = 0; index < challengeCount; index++) {
    const uid = `member${String(index % memberCount).padStart(4, '0')}`;
    const member = users[uid];
    // Minutes apart, oldest first; keys sort in creation order as push ids do.
    const createdAt = now - (challengeCount - 1 - index) * 60_000;
    const challengeId = `-Bench${String(index).padStart(7, '0')}`;
    const challenge: ChallengeRecord = {
      // Counted from the newest, so the first feed page shows the same plans (and cover
      // names) at every count: 100 vs 10,000 compares counts, not cover-name lengths.
      ...shapes[(challengeCount - 1 - index) % shapes.length],
      // Same length for every index, so 100 vs 10,000 compares counts, not title lengths.
      title: `Challenge ${String(index + 1).padStart(6, '0')}`,
      displayName: member.info.displayName as string,
      photoURL: member.info.photoURL as string,
      createdAt,
    };
    member.challenges[challengeId] = challenge;
    member.info.totalChallenges = (member.info.totalChallenges as number) + 1;
    feed[challengeId] = buildFeedEntry(uid, challenge);
  }
  return { users, feed };
}

/**
 * A group's board (groups/{cid}/members) of `memberCount` members on 7-day plans, made by the server's own
 * boardRowFor: each member's first `provedMeals` meals proved inside their windows (shown 'Done'), each
 * cheered by a few members once every meal is proved (the largest a board gets), production-shaped names and avatar URLs.
 */
export function groupBoardRows(
  memberCount: number,
  provedMeals: number,
  now = Date.now(),
): Record<string, BoardRow> {
  const sevenDay = templates(now).filter((plan) => plan.day === 7);
  if (sevenDay.length === 0) throw new Error('No 7-day plan among the fixtures');
  const rows: Record<string, BoardRow> = {};
  for (let index = 0; index < memberCount; index++) {
    const uid = `GroupMember${String(index).padStart(18, '0')}`;
    const plan = structuredClone(sevenDay[index % sevenDay.length]);
    let counted = 0;
    for (let day = 1; day <= plan.day; day++)
      for (const slot of MEAL_SLOTS) {
        const meal = plan.meals[dayKey(day)]?.[slot];
        if (!meal || counted++ >= provedMeals) continue;
        Object.assign(meal, { status: 'Done', doneAt: meal.opensAt + 20 * 60_000 });
      }
    const row = boardRowFor(
      { displayName: `Member ${index}`, photoURL: avatarUrl(uid) },
      plan,
      now - (memberCount - index) * 60_000,
    );
    // What boardRowUpdate records of the proved meals (boardRowFor makes a new member's row).
    const cheers = provedMeals >= plan.day * MEAL_SLOTS.length ? { cheers: 3 } : {};
    const meals: Partial<Record<MealKey, BoardMeal>> = {};
    for (const { key, meal } of boardMealsOf(plan))
      meals[key] = {
        opensAt: meal.opensAt,
        closesAt: meal.closesAt,
        ...(meal.status === 'Done' && { proof: 'Done', ...cheers }),
      };
    const proved = Math.min(provedMeals, plan.day * MEAL_SLOTS.length);
    rows[uid] = { ...row, proved, ...compactBoardMeals(meals) };
  }
  return rows;
}

import { describe, expect, it } from 'vitest';
import {
  rankBoard,
  teamBonusRecipients,
  teamProgress,
  TEAM_BONUS_POINTS,
  type BoardStanding,
} from '@domain/challenges/challenge-board';

const standing = (uid: string, fields: Partial<BoardStanding>): BoardStanding => ({
  uid,
  proved: 0,
  dueSoFar: 6,
  planned: 9,
  points: 0,
  lastProvedAt: null,
  ...fields,
});

describe('the challenge board', () => {
  it('ranks by the share of meals proved so far, not by the count', () => {
    // Joined later, so fewer meals are due: 3 of 3 beats 4 of 6.
    const late = standing('late', { proved: 3, dueSoFar: 3, points: 30, lastProvedAt: 50 });
    const early = standing('early', { proved: 4, dueSoFar: 6, points: 40, lastProvedAt: 40 });
    expect(rankBoard([early, late]).map((row) => row.uid)).toEqual(['late', 'early']);
  });

  it('breaks a tie on share by points, then by who proved first, then by uid', () => {
    const rows = [
      standing('d', { proved: 3, points: 30, lastProvedAt: 200 }),
      standing('c', { proved: 3, points: 30, lastProvedAt: 100 }),
      standing('b', { proved: 3, points: 35, lastProvedAt: 300 }),
      standing('z', {}),
      standing('a', {}),
    ];
    expect(rankBoard(rows).map((row) => row.uid)).toEqual(['b', 'c', 'd', 'a', 'z']);
  });

  it('puts a member with nothing due level with one who proved nothing, not above', () => {
    const rows = [standing('new', { dueSoFar: 0 }), standing('idle', { dueSoFar: 3 })];
    expect(rankBoard(rows).map((row) => row.uid)).toEqual(['idle', 'new']);
  });

  it('measures the team goal over every member’s meals due so far', () => {
    expect(
      teamProgress([standing('a', { proved: 6 }), standing('b', { proved: 0, dueSoFar: 2 })]),
    ).toBe(6 / 8);
    expect(teamProgress([])).toBe(0);
  });
});

describe(`the team bonus (${TEAM_BONUS_POINTS} points)`, () => {
  it('goes to members with half their own meals when the team proved 80 % of the plan', () => {
    const rows = [
      standing('full', { proved: 9 }),
      standing('half', { proved: 5 }), // 5 of 9 ≥ half
      standing('full2', { proved: 9 }),
      standing('full3', { proved: 9 }),
      standing('full4', { proved: 9 }),
    ];
    // 41 of 45 = 91 %.
    expect(teamBonusRecipients(rows)).toEqual(['full', 'half', 'full2', 'full3', 'full4']);
  });

  it('leaves out a member under half their meals', () => {
    const rows = [
      standing('full', { proved: 9 }),
      standing('low', { proved: 4 }),
      standing('x', { proved: 9 }),
      standing('y', { proved: 9 }),
      standing('w', { proved: 9 }),
    ];
    // 40 of 45 = 89 %: the team made it, 4 of 9 did not.
    expect(teamBonusRecipients(rows)).toEqual(['full', 'x', 'y', 'w']);
  });

  it('goes to nobody when the team is under 80 % of the whole plan', () => {
    // 14 of 18 = 78 %, though each member proved more than half.
    expect(
      teamBonusRecipients([standing('a', { proved: 9 }), standing('b', { proved: 5 })]),
    ).toEqual([]);
    expect(teamBonusRecipients([])).toEqual([]);
  });

  it('counts 80 % exactly as reached', () => {
    // 8 of 10.
    const rows = [
      standing('a', { proved: 5, planned: 5 }),
      standing('b', { proved: 3, planned: 5 }),
    ];
    expect(teamBonusRecipients(rows)).toEqual(['a', 'b']);
  });
});

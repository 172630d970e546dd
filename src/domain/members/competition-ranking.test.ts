import { describe, expect, it } from 'vitest';
import { competitionRank, withCompetitionRanks } from '@domain/members/competition-ranking';

describe('competitionRank', () => {
  it('is one more than the number of higher scores', () => {
    expect(competitionRank(40, [90, 70, 40, 10])).toBe(3);
    expect(competitionRank(90, [90, 70, 40, 10])).toBe(1);
    expect(competitionRank(5, [90, 70, 40, 10])).toBe(5);
  });

  it('gives tied scores the same rank and skips the places they take (1, 2, 2, 4)', () => {
    const scores = [50, 30, 30, 10];
    expect(scores.map((score) => competitionRank(score, scores))).toEqual([1, 2, 2, 4]);
  });

  it('ranks a score against others that do not include it (a member below a counted window)', () => {
    expect(competitionRank(30, [50, 40])).toBe(3);
    expect(competitionRank(30, [])).toBe(1);
  });
});

describe('withCompetitionRanks', () => {
  it('ranks items by their score, keeping their order, ties sharing a rank', () => {
    const members = [
      { name: 'Ada', points: 80 },
      { name: 'Bo', points: 60 },
      { name: 'Cy', points: 60 },
      { name: 'Di', points: 60 },
      { name: 'Ed', points: 20 },
    ];
    expect(
      withCompetitionRanks(members, (member) => member.points).map(
        ({ item, rank }) => `${rank} ${item.name}`,
      ),
    ).toEqual(['1 Ada', '2 Bo', '2 Cy', '2 Di', '5 Ed']);
  });

  it('ranks everyone first when everyone is tied, and nothing when there is no one', () => {
    expect(withCompetitionRanks([7, 7, 7], (points) => points).map(({ rank }) => rank)).toEqual([
      1, 1, 1,
    ]);
    expect(withCompetitionRanks([], (points: number) => points)).toEqual([]);
  });
});

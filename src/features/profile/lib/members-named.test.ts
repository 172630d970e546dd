import { describe, expect, test } from 'vitest';
import { membersNamed } from './members-named';

describe('membersNamed', () => {
  test('finds the one member of that name', () => {
    expect(
      membersNamed('Asha Rao', [
        { uid: 'u1', displayName: 'Asha Rao' },
        { uid: 'u2', displayName: 'Ravi Kumar' },
      ]),
    ).toEqual([{ uid: 'u1', displayName: 'Asha Rao' }]);
  });

  test('lists each namesake once, however many records name them', () => {
    const found = membersNamed('Asha Rao', [
      { uid: 'u1', displayName: 'Asha Rao', detail: 'Latest challenge: Lean week' },
      { uid: 'u3', displayName: 'Asha Rao' },
      { uid: 'u1', displayName: 'Asha Rao', detail: '120 points' },
    ]);
    expect(found.map((member) => [member.uid, member.detail])).toEqual([
      ['u1', 'Latest challenge: Lean week'],
      ['u3', undefined],
    ]);
  });

  test('reads the name as typed: any letter case, outer spaces, composed or not', () => {
    const candidates = [
      { uid: 'u1', displayName: 'Asha Rao' },
      { uid: 'u4', displayName: 'Zoe\u0301' },
    ];
    expect(membersNamed(' asha rao ', candidates).map((member) => member.uid)).toEqual(['u1']);
    expect(membersNamed('Zo\u00e9', candidates).map((member) => member.uid)).toEqual(['u4']);
  });

  test('finds nobody for another name, an empty name or a record without a uid', () => {
    const candidates = [
      { uid: 'u1', displayName: 'Asha Rao' },
      { uid: '', displayName: 'Ravi' },
    ];
    expect(membersNamed('Asha', candidates)).toEqual([]);
    expect(membersNamed('Asha Rao Jr', candidates)).toEqual([]);
    expect(membersNamed('Ravi', candidates)).toEqual([]);
    expect(membersNamed('  ', candidates)).toEqual([]);
  });
});

/**
 * Every numeric bound written in database.rules.json has its two mutants (tests/rules/limit-mutants.ts),
 * so a new limit can't land without its cases at the limit and one past it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DATABASE_BOUNDS } from './limit-mutants';

type RulesNode = { [key: string]: RulesNode | string | boolean | string[] };

/** `path/.rule` → the bounds (`<left> <= N` / `>= N`) its expression states. */
function boundsInRules(node: RulesNode, path: string[] = []): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (typeof value === 'string')
      return [...value.matchAll(/[\w.()]+ (?:<=|>=) \d+/g)].map(
        ([fragment]) => `${[...path, key].join('/')}: ${fragment}`,
      );
    if (typeof value === 'object' && !Array.isArray(value))
      return boundsInRules(value, [...path, key]);
    return [];
  });
}

const rules = JSON.parse(
  readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8'),
) as { rules: RulesNode };

describe('limit mutants cover every bound of the database rules', () => {
  test('each bound in the rules has a both-sides mutant, and each mutant a bound in the rules', () => {
    const inRules = boundsInRules(rules.rules);
    const mutated = DATABASE_BOUNDS.flatMap((bound) =>
      bound.paths.flatMap((path) => bound.fragments.map((fragment) => `${path}: ${fragment}`)),
    );
    expect(inRules.length).toBeGreaterThan(30);
    expect([...mutated].sort()).toEqual([...inRules].sort());
  });
});

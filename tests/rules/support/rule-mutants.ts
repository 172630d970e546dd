/**
 * Altered copies of the rules for the mutation checks: each mutant weakens (or breaks) one protection,
 * and the matrix must notice — exactly the cases written for that protection fail, no others.
 *
 * A mutant edits the checked-in rules as they are today, so it can never go stale silently: the text it
 * removes or replaces must occur exactly once, or the check fails and names the mutant to update.
 */

export type RulesFile = 'database.rules.json' | 'storage.rules';

export interface RuleMutant {
  name: string;
  file: RulesFile;
  /** Builds the mutated rules text from the project's rules text. */
  mutate(rules: string): string;
  /**
   * The cases that must fail, each named by a part of its title that matches exactly one case; or
   * 'every denied case' / 'every allowed case' for rules opened or closed as a whole.
   */
  killedBy: readonly string[] | 'every denied case' | 'every allowed case';
}

/** Replaces `find` by `replace`, insisting that `find` occurs exactly once. */
export function replaceOnce(text: string, find: string, replace: string): string {
  const first = text.indexOf(find);
  if (first === -1 || text.indexOf(find, first + 1) !== -1)
    throw new Error(
      `Mutant out of date: expected exactly one occurrence of ${JSON.stringify(find)}`,
    );
  return text.slice(0, first) + replace + text.slice(first + find.length);
}

type RulesTree = { [key: string]: RulesTree | string | boolean };

/**
 * Edits rule expressions of database.rules.json, each addressed by its path (e.g.
 * 'users/$uid/info/.validate'), replacing a part of it that must occur exactly once in each.
 */
export function editDatabaseRules(
  rules: string,
  paths: readonly string[],
  find: string,
  replace: string,
): string {
  const parsed = JSON.parse(rules) as { rules: RulesTree };
  for (const path of paths) {
    const keys = path.split('/');
    let node: RulesTree = parsed.rules;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== 'object') throw new Error(`Mutant out of date: no rules at ${path}`);
      node = next;
    }
    const last = keys.at(-1)!;
    const expression = node[last];
    if (typeof expression !== 'string')
      throw new Error(`Mutant out of date: no expression at ${path}`);
    node[last] = replaceOnce(expression, find, replace);
  }
  return JSON.stringify(parsed, null, 2);
}

export const OPEN_DATABASE_RULES = JSON.stringify({ rules: { '.read': true, '.write': true } });
export const CLOSED_DATABASE_RULES = JSON.stringify({ rules: { '.read': false, '.write': false } });

const storageRulesAllowing = (condition: string) => `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{all=**} {
      allow read, write: if ${condition};
    }
  }
}
`;
export const OPEN_STORAGE_RULES = storageRulesAllowing('true');
export const CLOSED_STORAGE_RULES = storageRulesAllowing('false');

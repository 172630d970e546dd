/**
 * The security-rules engine of the Realtime Database emulator: compiles the text of
 * `database.rules.json` once, then answers read / write / index questions as the real
 * service does.
 *
 * - `.read` / `.write` cascade: access is granted when any rule on the path from the root
 *   down to the location grants it; a deeper rule cannot revoke it, and a rule below the
 *   location cannot grant it ("rules are not filters": a read or write fails when no rule at
 *   the requested location or above grants access, even if every child would be allowed).
 * - `.validate` does not cascade: every one on the written location, its ancestors and every
 *   descendant that has new data must pass; none runs where the new data is null (deletes).
 */
import { RulesError } from './errors';
import { compileCondition, type Condition } from './evaluate';
import { parseRulesJson, type RulesJson } from './json';
import { queryValues, type RuleEnv, type RuleKind } from './rule-env';
import { childNode, nodeExists, RuleSnapshot, someChild } from './snapshot';
import type { JsonValue, RulesAuth, RulesQuery } from './types';

export type { JsonValue, RulesAuth, RulesQuery } from './types';
export { RulesError } from './errors';

export interface CompiledDatabaseRules {
  canRead(ctx: {
    path: string[];
    auth: RulesAuth | null;
    root: JsonValue;
    now: number;
    query?: RulesQuery;
  }): boolean;
  // writes: every path the request writes (one for set, several for a multi-path update); oldRoot/newRoot: the whole tree before/after the entire request
  canWrite(ctx: {
    writes: string[][];
    auth: RulesAuth | null;
    oldRoot: JsonValue;
    newRoot: JsonValue;
    now: number;
  }): boolean;
  indexOn(path: string[]): string[];
}

interface RuleNode {
  read?: Condition;
  write?: Condition;
  validate?: Condition;
  indexOn: readonly string[];
  literals: Map<string, RuleNode>;
  wildcard?: { name: string; node: RuleNode };
  /** Whether any node strictly below this one has a .validate (descendant walks skip the rest). */
  validatesBelow: boolean;
}

const CONDITION_KEYS: Record<string, RuleKind> = {
  '.read': 'read',
  '.write': 'write',
  '.validate': 'validate',
};
/** Whether `name` contains a character a Firebase key may not contain: . # $ [ ] / or a control character. */
function hasInvalidKeyChar(name: string): boolean {
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    if ('.#$[]/'.includes(ch) || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isObject(v: RulesJson): v is { [key: string]: RulesJson } {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function buildNode(json: RulesJson, labels: string[], vars: ReadonlySet<string>): RuleNode {
  const location = '/' + labels.join('/');
  if (!isObject(json)) {
    throw new RulesError(
      `${location}: expected an object of rules, got ${json === null ? 'null' : typeof json}`,
    );
  }
  const node: RuleNode = { indexOn: [], literals: new Map(), validatesBelow: false };
  const at = (key: string): string => (labels.length ? `${location}/${key}` : `/${key}`);

  for (const key of Object.keys(json)) {
    const value = json[key];
    if (key.startsWith('.')) {
      if (key === '.indexOn') {
        const list = typeof value === 'string' ? [value] : value;
        if (!Array.isArray(list) || list.some((v) => typeof v !== 'string' || v === '')) {
          throw new RulesError(`${at(key)}: must be a child name or an array of child names`);
        }
        node.indexOn = Object.freeze([...(list as string[])]);
        continue;
      }
      const kind = CONDITION_KEYS[key];
      if (!kind)
        throw new RulesError(
          `${at(key)}: unsupported rule '${key}' (expected .read, .write, .validate or .indexOn)`,
        );
      if (typeof value !== 'boolean' && typeof value !== 'string') {
        throw new RulesError(
          `${at(key)}: must be true, false or an expression string, got ${JSON.stringify(value)}`,
        );
      }
      node[kind] = compileCondition(value, { kind, vars, location: at(key) });
      continue;
    }
    if (key.startsWith('$')) {
      if (node.wildcard) {
        throw new RulesError(
          `${location}: two wildcards at one level ('${node.wildcard.name}' and '${key}')`,
        );
      }
      if (key.length === 1 || hasInvalidKeyChar(key.slice(1)))
        throw new RulesError(`${at(key)}: invalid wildcard name '${key}'`);
      if (vars.has(key))
        throw new RulesError(`${at(key)}: wildcard '${key}' is already used above this location`);
      const child = buildNode(value, [...labels, key], new Set([...vars, key]));
      node.wildcard = { name: key, node: child };
      continue;
    }
    if (key === '' || hasInvalidKeyChar(key)) {
      throw new RulesError(
        `${at(key)}: invalid child name '${key}' (keys cannot contain . # $ [ ] / or control characters)`,
      );
    }
    node.literals.set(key, buildNode(value, [...labels, key], vars));
  }

  const relevant = (c: RuleNode): boolean => c.validate !== undefined || c.validatesBelow;
  node.validatesBelow =
    (node.wildcard !== undefined && relevant(node.wildcard.node)) ||
    [...node.literals.values()].some(relevant);
  return node;
}

/** The rule node governing `key` under `node` (a literal child wins over the wildcard). */
function childRule(
  node: RuleNode,
  key: string,
  vars: Readonly<Record<string, string>>,
): [RuleNode, Readonly<Record<string, string>>] | null {
  const literal = node.literals.get(key);
  if (literal) return [literal, vars];
  if (!node.wildcard) return null;
  return [node.wildcard.node, { ...vars, [node.wildcard.name]: key }];
}

const NO_VARS: Readonly<Record<string, string>> = Object.freeze({});

/** Builds the rule environment of a write at one location. */
type WriteEnv = (
  path: readonly string[],
  oldNode: JsonValue,
  newNode: JsonValue,
  vars: Readonly<Record<string, string>>,
) => RuleEnv;

class DatabaseRules implements CompiledDatabaseRules {
  constructor(private readonly root: RuleNode) {}

  canRead(ctx: {
    path: string[];
    auth: RulesAuth | null;
    root: JsonValue;
    now: number;
    query?: RulesQuery;
  }): boolean {
    const { path, auth, root, now } = ctx;
    const query = queryValues(ctx.query);
    const rootSnap = new RuleSnapshot(root, [], root);
    let node = this.root;
    let vars = NO_VARS;
    let data: JsonValue = root;
    for (let depth = 0; ; depth++) {
      if (node.read) {
        const env: RuleEnv = {
          auth,
          now,
          root: rootSnap,
          data: new RuleSnapshot(root, path.slice(0, depth), data),
          newData: null,
          query,
          vars,
        };
        if (node.read(env)) return true;
      }
      if (depth === path.length) return false;
      const next = childRule(node, path[depth], vars);
      if (!next) return false;
      [node, vars] = next;
      data = childNode(data, path[depth]);
    }
  }

  canWrite(ctx: {
    writes: string[][];
    auth: RulesAuth | null;
    oldRoot: JsonValue;
    newRoot: JsonValue;
    now: number;
  }): boolean {
    const { writes, auth, oldRoot, newRoot, now } = ctx;
    const rootSnap = new RuleSnapshot(oldRoot, [], oldRoot);
    const env: WriteEnv = (path, oldNode, newNode, vars) => ({
      auth,
      now,
      root: rootSnap,
      data: new RuleSnapshot(oldRoot, path, oldNode),
      newData: new RuleSnapshot(newRoot, path, newNode),
      query: null,
      vars,
    });

    // 1. Every written location needs a .write grant at it or above it.
    for (const path of writes) {
      if (!this.writeGranted(path, oldRoot, newRoot, env)) return false;
    }

    // 2. Every .validate on the written locations, their ancestors and their new descendants.
    const validatedAncestors = new Set<string>();
    for (const path of writes) {
      let node = this.root;
      let vars = NO_VARS;
      let oldNode: JsonValue = oldRoot;
      let newNode: JsonValue = newRoot;
      let depth = 0;
      for (; ; depth++) {
        if (node.validate && nodeExists(newNode)) {
          const key = path.slice(0, depth).join('/');
          const isAncestor = depth < path.length;
          if (!isAncestor || !validatedAncestors.has(key)) {
            if (isAncestor) validatedAncestors.add(key);
            if (!node.validate(env(path.slice(0, depth), oldNode, newNode, vars))) return false;
          }
        }
        if (depth === path.length) break;
        const next = childRule(node, path[depth], vars);
        if (!next) break;
        [node, vars] = next;
        oldNode = childNode(oldNode, path[depth]);
        newNode = childNode(newNode, path[depth]);
      }
      if (
        depth === path.length &&
        !this.validateDescendants(node, path, oldNode, newNode, vars, env)
      )
        return false;
    }
    return true;
  }

  indexOn(path: string[]): string[] {
    let node = this.root;
    for (const key of path) {
      const next = node.literals.get(key) ?? node.wildcard?.node;
      if (!next) return [];
      node = next;
    }
    return [...node.indexOn];
  }

  private writeGranted(
    path: readonly string[],
    oldRoot: JsonValue,
    newRoot: JsonValue,
    env: WriteEnv,
  ): boolean {
    let node = this.root;
    let vars = NO_VARS;
    let oldNode: JsonValue = oldRoot;
    let newNode: JsonValue = newRoot;
    for (let depth = 0; ; depth++) {
      if (node.write && node.write(env(path.slice(0, depth), oldNode, newNode, vars))) return true;
      if (depth === path.length) return false;
      const next = childRule(node, path[depth], vars);
      if (!next) return false;
      [node, vars] = next;
      oldNode = childNode(oldNode, path[depth]);
      newNode = childNode(newNode, path[depth]);
    }
  }

  /** Runs the .validate rules below `node` for every child that has new data. */
  private validateDescendants(
    node: RuleNode,
    path: readonly string[],
    oldNode: JsonValue,
    newNode: JsonValue,
    vars: Readonly<Record<string, string>>,
    env: WriteEnv,
  ): boolean {
    if (!node.validatesBelow) return true;
    const failed = someChild(newNode, (key, newChild) => {
      const next = childRule(node, key, vars);
      if (!next || (!next[0].validate && !next[0].validatesBelow)) return false;
      const [childNodeRules, childVars] = next;
      const childPath = [...path, key];
      const oldChild = childNode(oldNode, key);
      if (
        childNodeRules.validate &&
        !childNodeRules.validate(env(childPath, oldChild, newChild, childVars))
      )
        return true;
      return !this.validateDescendants(
        childNodeRules,
        childPath,
        oldChild,
        newChild,
        childVars,
        env,
      );
    });
    return !failed;
  }
}

/** Compiles the text of a rules file. Throws RulesError naming anything unsupported. */
export function compileDatabaseRules(source: string): CompiledDatabaseRules {
  const json = parseRulesJson(source);
  if (!isObject(json))
    throw new RulesError('The rules file must be a JSON object such as {"rules": {…}}');
  for (const key of Object.keys(json)) {
    if (key !== 'rules')
      throw new RulesError(`Unexpected top-level key "${key}": rules go inside {"rules": {…}}`);
  }
  const rules = json.rules === undefined ? {} : json.rules;
  return new DatabaseRules(buildNode(rules, [], new Set()));
}

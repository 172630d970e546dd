/**
 * Compiles storage.rules and decides requests against it.
 *
 * compile: parse, then check every name, function, method and type against what this engine
 * implements, so that anything unsupported fails at load with a message naming it.
 * evaluate: find every match block whose full path matches the request path, and allow when
 * any `allow` for the operation evaluates to true. Default deny; an evaluation error makes
 * that allow false.
 */
import { Checker, type CallTargets } from './checker';
import { Evaluator } from './evaluator';
import { parseRules } from './parser';
import type { AllowDecl, MatchBlock, Pos, RulesFile } from './syntax-tree';
import { EvalError, fromJs, RulesTimestamp, typeName, type Value } from './values';

export type StorageOperation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesRequest {
  bucket: string;
  /** Object name (full path without leading slash); for list, the prefix without trailing slash. */
  objectPath: string;
  operation: StorageOperation;
  auth: { uid: string; token: Record<string, unknown> } | null;
  /** The existing object, in rules shape (see rulesView in ../rules-gate.ts), or null. */
  resource: Record<string, unknown> | null;
  /** The object as it would be after a write, or null for reads and deletes. */
  requestResource: Record<string, unknown> | null;
  time?: Date;
}

export interface Decision {
  allowed: boolean;
  /** Evaluation errors met on the way (each made its allow false). */
  errors: string[];
}

export class StorageRuleset {
  private constructor(
    private readonly file: RulesFile,
    private readonly callTargets: CallTargets,
  ) {}

  static compile(source: string): StorageRuleset {
    const file = parseRules(source);
    const callTargets: CallTargets = new WeakMap();
    new Checker(file, callTargets).run();
    return new StorageRuleset(file, callTargets);
  }

  evaluate(req: RulesRequest): Decision {
    const segments = [
      'b',
      req.bucket,
      'o',
      ...req.objectPath.split('/').filter((s) => s.length > 0),
    ];
    const allows: Array<{ allow: AllowDecl; bindings: Map<string, Value> }> = [];
    const visit = (block: MatchBlock, start: number, bindings: Map<string, Value>) => {
      const matched = matchPath(block, segments, start, bindings, this.file.version);
      if (!matched) return;
      if (matched.end === segments.length) {
        for (const allow of block.allows) {
          if (allowCovers(allow, req.operation)) allows.push({ allow, bindings: matched.bindings });
        }
      }
      for (const child of block.matches) visit(child, matched.end, matched.bindings);
    };
    for (const block of this.file.matches) visit(block, 0, new Map());

    const errors: string[] = [];
    if (allows.length === 0) return { allowed: false, errors };

    const request = fromJs({
      auth: req.auth ? { uid: req.auth.uid, token: req.auth.token } : null,
      method: req.operation,
      path: '/' + segments.map((s) => s).join('/'),
      resource: req.requestResource,
      time: new RulesTimestamp((req.time ?? new Date()).getTime()),
    });
    const resource = fromJs(req.resource);
    for (const { allow, bindings } of allows) {
      if (!allow.condition) return { allowed: true, errors };
      const vars = new Map<string, Value>(bindings);
      vars.set('request', request);
      vars.set('resource', resource);
      const ev = new Evaluator(this.callTargets);
      try {
        const result = ev.eval(allow.condition, { vars, depth: 0 });
        if (result === true) return { allowed: true, errors };
        if (typeof result !== 'boolean') {
          errors.push(at(allow.pos, `condition evaluated to ${typeName(result)}, not bool`));
        }
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        errors.push(at(allow.pos, err.message));
      }
    }
    return { allowed: false, errors };
  }
}

function at(pos: Pos, message: string): string {
  return `${pos.line}:${pos.column}: ${message}`;
}

function allowCovers(allow: AllowDecl, op: StorageOperation): boolean {
  return allow.methods.some(
    (m) =>
      m === op ||
      (m === 'read' && (op === 'get' || op === 'list')) ||
      (m === 'write' && (op === 'create' || op === 'update' || op === 'delete')),
  );
}

function matchPath(
  block: MatchBlock,
  segments: string[],
  start: number,
  parentBindings: Map<string, Value>,
  version: '1' | '2',
): { end: number; bindings: Map<string, Value> } | null {
  const bindings = new Map(parentBindings);
  let i = start;
  for (const seg of block.path) {
    if (seg.kind === 'recursive') {
      const rest = segments.slice(i);
      if (version === '1' && rest.length === 0) return null;
      bindings.set(seg.name, rest.join('/'));
      i = segments.length;
      continue;
    }
    if (i >= segments.length) return null;
    if (seg.kind === 'literal') {
      if (segments[i] !== seg.value) return null;
    } else {
      bindings.set(seg.name, segments[i]);
    }
    i++;
  }
  return { end: i, bindings };
}

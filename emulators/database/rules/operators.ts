/** The operators of rule expressions: ! and unary -, && and ||, ?:, comparisons and arithmetic. */
import type { Expr } from './expression';
import { OBJECT_VALUE } from './snapshot';
import { asBoolean, asNumber, failEval } from './runtime-values';
import {
  BOOL,
  NUM,
  QUERY,
  SNAP,
  STR,
  type Compiled,
  type Eval,
  type ExpressionCompiler,
} from './static-types';

type Node<K extends Expr['kind']> = Extract<Expr, { kind: K }>;

export function compileUnary(c: ExpressionCompiler, node: Node<'unary'>): Compiled {
  const operand = c.compile(node.operand);
  const ev = operand.ev;
  if (node.op === '!') {
    c.need(operand, BOOL, "the operand of '!'", node.operand.pos);
    return { type: BOOL, ev: (env) => !asBoolean(ev(env), "the operand of '!'") };
  }
  c.need(operand, NUM, "the operand of unary '-'", node.operand.pos);
  return { type: NUM, ev: (env) => -asNumber(ev(env), "the operand of unary '-'") };
}

export function compileLogical(c: ExpressionCompiler, node: Node<'logical'>): Compiled {
  const left = c.compile(node.left);
  const right = c.compile(node.right);
  c.need(left, BOOL, `the left operand of '${node.op}'`, node.left.pos);
  c.need(right, BOOL, `the right operand of '${node.op}'`, node.right.pos);
  const l = left.ev;
  const r = right.ev;
  return node.op === '&&'
    ? {
        type: BOOL,
        ev: (env) => asBoolean(l(env), "'&&' operand") && asBoolean(r(env), "'&&' operand"),
      }
    : {
        type: BOOL,
        ev: (env) => asBoolean(l(env), "'||' operand") || asBoolean(r(env), "'||' operand"),
      };
}

export function compileConditional(c: ExpressionCompiler, node: Node<'conditional'>): Compiled {
  const test = c.compile(node.test);
  c.need(test, BOOL, 'the condition of ?:', node.test.pos);
  const consequent = c.compile(node.consequent);
  const alternate = c.compile(node.alternate);
  const t = test.ev;
  const then = consequent.ev;
  const otherwise = alternate.ev;
  return {
    type: consequent.type | alternate.type,
    ev: (env) => (asBoolean(t(env), 'the condition of ?:') ? then(env) : otherwise(env)),
  };
}

export function compileBinary(c: ExpressionCompiler, node: Node<'binary'>): Compiled {
  const left = c.compile(node.left);
  const right = c.compile(node.right);
  switch (node.op) {
    case '==':
    case '===':
    case '!=':
    case '!==':
      return compileEquality(c, node, left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compileComparison(c, node, left, right);
    case '+':
      return compilePlus(c, node, left, right);
    default:
      return compileArithmetic(c, node, left, right);
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === OBJECT_VALUE || b === OBJECT_VALUE) return false;
  return a === b;
}

function compileEquality(
  c: ExpressionCompiler,
  node: Node<'binary'>,
  left: Compiled,
  right: Compiled,
): Compiled {
  const op = node.op;
  for (const [side, operand] of [
    [node.left, left],
    [node.right, right],
  ] as const) {
    if (operand.type & SNAP)
      c.fail(`a snapshot cannot be compared with '${op}' (use .val() or .exists())`, side.pos);
    if (operand.type & QUERY) c.fail(`'query' cannot be compared with '${op}'`, side.pos);
  }
  const l = left.ev;
  const r = right.ev;
  return op === '==' || op === '==='
    ? { type: BOOL, ev: (env) => equal(l(env), r(env)) }
    : { type: BOOL, ev: (env) => !equal(l(env), r(env)) };
}

function compileComparison(
  c: ExpressionCompiler,
  node: Node<'binary'>,
  left: Compiled,
  right: Compiled,
): Compiled {
  const op = node.op;
  c.need(left, NUM | STR, `the left operand of '${op}'`, node.left.pos);
  c.need(right, NUM | STR, `the right operand of '${op}'`, node.right.pos);
  const l = left.ev;
  const r = right.ev;
  const cmp = (a: unknown, b: unknown): [number, number] | [string, string] => {
    if (typeof a === 'number' && typeof b === 'number') return [a, b];
    if (typeof a === 'string' && typeof b === 'string') return [a, b];
    return failEval(`'${op}' needs two numbers or two strings`);
  };
  const compare = (test: (a: number | string, b: number | string) => boolean): Eval => {
    return (env) => {
      const [a, b] = cmp(l(env), r(env));
      return test(a, b);
    };
  };
  switch (op) {
    case '<':
      return { type: BOOL, ev: compare((a, b) => a < b) };
    case '<=':
      return { type: BOOL, ev: compare((a, b) => a <= b) };
    case '>':
      return { type: BOOL, ev: compare((a, b) => a > b) };
    default:
      return { type: BOOL, ev: compare((a, b) => a >= b) };
  }
}

/** `+` adds two numbers and concatenates anything else that is a string or a number. */
function compilePlus(
  c: ExpressionCompiler,
  node: Node<'binary'>,
  left: Compiled,
  right: Compiled,
): Compiled {
  c.need(left, NUM | STR, "the left operand of '+'", node.left.pos);
  c.need(right, NUM | STR, "the right operand of '+'", node.right.pos);
  const l = left.ev;
  const r = right.ev;
  const maybeString = (left.type | right.type) & STR;
  const maybeNumber = left.type & NUM && right.type & NUM;
  return {
    type: (maybeString ? STR : 0) | (maybeNumber ? NUM : 0),
    ev: (env) => {
      const a = l(env);
      const b = r(env);
      if (typeof a === 'number' && typeof b === 'number') return a + b;
      if (
        (typeof a === 'string' || typeof a === 'number') &&
        (typeof b === 'string' || typeof b === 'number')
      ) {
        return String(a) + String(b);
      }
      return failEval("'+' needs numbers or strings");
    },
  };
}

function compileArithmetic(
  c: ExpressionCompiler,
  node: Node<'binary'>,
  left: Compiled,
  right: Compiled,
): Compiled {
  const op = node.op;
  c.need(left, NUM, `the left operand of '${op}'`, node.left.pos);
  c.need(right, NUM, `the right operand of '${op}'`, node.right.pos);
  const l = left.ev;
  const r = right.ev;
  const arith = (a: number, b: number): number => {
    switch (op) {
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return b === 0 ? NaN : a / b;
      default:
        return a % b;
    }
  };
  return {
    type: NUM,
    ev: (env) =>
      arith(asNumber(l(env), `operand of '${op}'`), asNumber(r(env), `operand of '${op}'`)),
  };
}

/** The parsed form of a storage.rules file: declarations, match paths and expressions. */
import type { Value } from './values';

export interface Pos {
  line: number;
  column: number;
}

export type Expr =
  | { kind: 'literal'; value: Value; pos: Pos }
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'member'; object: Expr; name: string; pos: Pos }
  | { kind: 'index'; object: Expr; index: Expr; pos: Pos }
  | { kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null; pos: Pos }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: Pos }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Pos }
  | { kind: 'logical'; op: '&&' | '||'; left: Expr; right: Expr; pos: Pos }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr; pos: Pos }
  | { kind: 'is'; operand: Expr; typeName: string; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: Array<[Expr, Expr]>; pos: Pos };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';

export type PathSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr; pos: Pos }>;
  body: Expr;
  pos: Pos;
}

export interface AllowDecl {
  methods: string[];
  condition: Expr | null;
  pos: Pos;
}

export interface MatchBlock {
  path: PathSegment[];
  pathText: string;
  matches: MatchBlock[];
  allows: AllowDecl[];
  functions: FunctionDecl[];
  pos: Pos;
}

export interface RulesFile {
  version: '1' | '2';
  service: string;
  matches: MatchBlock[];
  functions: FunctionDecl[];
}

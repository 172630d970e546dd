// The two parsers under the RTDB rules engine: the rules-file JSON dialect and rule expressions.
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../database/rules/errors';
import { parseExpression, type Expr } from '../../database/rules/expression';
import { parseRulesJson } from '../../database/rules/json';

describe('rules JSON', () => {
  it('parses plain JSON', () => {
    expect(
      parseRulesJson('{"rules": {".read": true, "a": {".indexOn": ["x", "y"]}, "n": -1.5e2}}'),
    ).toEqual({
      rules: { '.read': true, a: { '.indexOn': ['x', 'y'] }, n: -150 },
    });
  });

  it('accepts // and /* */ comments anywhere whitespace may be', () => {
    const text = `// header
      {
        /* block
           comment */ "rules": { // trailing
          ".read": /* inline */ false
        }
      } // end`;
    expect(parseRulesJson(text)).toEqual({ rules: { '.read': false } });
  });

  it('keeps comment markers that sit inside strings', () => {
    expect(parseRulesJson('{"a": "x // y /* z */"}')).toEqual({ a: 'x // y /* z */' });
  });

  it('accepts strings spanning several lines, as the Firebase console does', () => {
    const text = '{"rules": {".write": "auth != null &&\n    auth.uid == \'a\'"}}';
    expect(parseRulesJson(text)).toEqual({
      rules: { '.write': "auth != null &&\n    auth.uid == 'a'" },
    });
  });

  it('decodes escapes', () => {
    expect(parseRulesJson('"a\\"b\\\\c\\/d\\n\\u0041"')).toBe('a"b\\c/d\nA');
  });

  it('keeps a "__proto__" key as data', () => {
    const parsed = parseRulesJson('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it.each([
    ['{"a": 1,}', 'trailing comma'],
    ['[1, 2,]', 'trailing comma'],
    ['{"a": 1, "a": 2}', 'duplicate key "a"'],
    ["{'a': 1}", 'expected a "key"'],
    ['{"a": \'x\'}', 'double quotes'],
    ['{"a": 1', "expected ',' or '}'"],
    ['{"a": "x', 'unterminated string'],
    ['/* never closed', 'unterminated /* comment'],
    ['{"a": 1} x', 'unexpected content'],
    ['{"a": tru}', "unexpected character 't'"],
    ['', 'unexpected end of input'],
    ['{"a": "\\q"}', 'bad escape'],
  ])('rejects %j (%s)', (text, message) => {
    expect(() => parseRulesJson(text)).toThrow(RulesError);
    expect(() => parseRulesJson(text)).toThrow(message);
  });

  it('reports the line and column of an error', () => {
    expect(() => parseRulesJson('{\n  "a": 1,\n  "a": 2\n}')).toThrow('line 3, column 3');
  });
});

/** A compact printout of an expression tree, to assert precedence and structure. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'literal':
      return JSON.stringify(e.value);
    case 'regex':
      return `/${e.source}/${e.flags}`;
    case 'array':
      return `[${e.elements.map(show).join(', ')}]`;
    case 'ident':
      return e.name;
    case 'member':
      return `${show(e.object)}.${e.property}`;
    case 'index':
      return `${show(e.object)}[${show(e.index)}]`;
    case 'call':
      return `${show(e.callee)}(${e.args.map(show).join(', ')})`;
    case 'unary':
      return `(${e.op}${show(e.operand)})`;
    case 'binary':
    case 'logical':
      return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'conditional':
      return `(${show(e.test)} ? ${show(e.consequent)} : ${show(e.alternate)})`;
  }
}

describe('rule expression parser', () => {
  it.each([
    ['true', 'true'],
    ['null', 'null'],
    ['42', '42'],
    ['1.5e3', '1500'],
    ['.5', '0.5'],
    ["'it\\'s'", '"it\'s"'],
    ['"say \\"hi\\""', '"say \\"hi\\""'],
    ['"\\u0041\\x42\\n"', '"AB\\n"'],
    ['auth', 'auth'],
    ['$uid', '$uid'],
    ['a || b && c', '(a || (b && c))'],
    ['a && b || c', '((a && b) || c)'],
    ['a == b && c != d', '((a == b) && (c != d))'],
    ['a === b || c !== d', '((a === b) || (c !== d))'],
    ['a < b == c >= d', '((a < b) == (c >= d))'],
    ['1 + 2 * 3 - 4 / 5 % 6', '((1 + (2 * 3)) - ((4 / 5) % 6))'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['!a && !!b', '((!a) && (!(!b)))'],
    ['-a * -1', '((-a) * (-1))'],
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a || b ? c : d', '((a || b) ? c : d)'],
    ["root.child('users/' + auth.uid).val()", 'root.child(("users/" + auth.uid)).val()'],
    ['auth.token.admin', 'auth.token.admin'],
    ["auth.token['firebase']", 'auth.token.firebase'],
    ['auth.token[$key]', 'auth.token[$key]'],
    ["root['exists']()", 'root.exists()'],
    ["data.hasChildren(['a', 'b'])", 'data.hasChildren(["a", "b"])'],
    ['newData.val().matches(/^[a-z]+$/i)', 'newData.val().matches(/^[a-z]+$/i)'],
    ['newData.val().matches(/a\\/b[/]c/)', 'newData.val().matches(/a\\/b[/]c/)'],
    ['now / 1000 > 5', '((now / 1000) > 5)'],
    ['a\n  && b', '(a && b)'],
    ['auth.token.new', 'auth.token.new'], // a keyword is fine as a property name
  ])('%s', (source, expected) => {
    expect(show(parseExpression(source))).toBe(expected);
  });

  it.each([
    ['auth = null', "unsupported operator '='"],
    ['a += 1', "unsupported operator '+='"],
    ['a++', "unsupported operator '++'"],
    ['a & b', "unsupported operator '&'"],
    ['a | b', "unsupported operator '|'"],
    ['a ^ b', "unsupported operator '^'"],
    ['~a', "unsupported operator '~'"],
    ['a << 1', "unsupported operator '<<'"],
    ['2 ** 2', "unsupported operator '**'"],
    ['a ?? b', "unsupported operator '??'"],
    ['a?.b', "unsupported operator '?.'"],
    ['x => x', "unsupported operator '=>'"],
    ['a; b', "unsupported operator ';'"],
    ['{}', "unsupported operator '{'"],
    ['`x`', "unsupported operator '`'"],
    ['+a', "unsupported unary operator '+'"],
    ['function() { return true }', "unsupported keyword 'function'"],
    ['new Date()', "unsupported keyword 'new'"],
    ['typeof auth', "unsupported keyword 'typeof'"],
    ["'a' in auth", "unsupported keyword 'in'"],
    ['this', "unsupported keyword 'this'"],
    ['var x', "unsupported keyword 'var'"],
    ['0x10 == 16', 'unsupported number literal'],
    ['1a', "invalid number '1a'"],
    ["'abc", 'unterminated string literal'],
    ['a.matches(/abc', 'unterminated regular expression'],
    ['(a', "expected ')'"],
    ['a b', "unexpected 'b' after the expression"],
    ['a.', "expected a property name after '.'"],
    ['a ? b', "expected ':'"],
    ['', 'empty rule expression'],
    ['   ', 'empty rule expression'],
    ['#', "unsupported operator '#'"],
    ['a \u00e9', "unexpected character 'é'"],
  ])('rejects %j', (source, message) => {
    expect(() => parseExpression(source)).toThrow(RulesError);
    expect(() => parseExpression(source)).toThrow(message);
  });

  it('names the column of a syntax error', () => {
    expect(() => parseExpression('auth != null && x = 1')).toThrow('at column 19');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Bootstrap 5.3's default blue and the shades, tints and rgb triplets it derives from it. */
const BLUES = [
  '#0d6efd',
  '#0b5ed7',
  '#0a58ca',
  '#0a53be',
  '#86b7fe',
  '#cfe2ff',
  '#9ec5fe',
  '#052c65',
  '#6ea8fe',
  '#8bb9fe',
  '#031633',
  '#084298',
  '13,110,253',
  '49,132,253',
  '110,168,254',
  '139,185,254',
];

/** Declared blue but never applied: the named palette entry, and an icon of a component the app does not use. */
const UNUSED = new Set(['--bs-blue', '--bs-accordion-btn-active-icon']);

const read = (path: string) =>
  readFileSync(join(process.cwd(), path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

const normalSelector = (selector: string) =>
  selector.replace(/["'\s]/g, '').replace('[data-bs-theme=light]', ':root');

/** Each selector of each plain rule (no at-rule bodies), with its declarations. */
function rules(css: string): Array<{ selector: string; declarations: Map<string, string> }> {
  const found: Array<{ selector: string; declarations: Map<string, string> }> = [];
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = new Map<string, string>();
    for (const declaration of body!.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0)
        declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    for (const selector of selectors!.replace(/^[^;]*;/, '').split(','))
      found.push({ selector: normalSelector(selector), declarations });
  }
  return found;
}

describe('design tokens (src/styles/tokens.css)', () => {
  it("override every declaration in which Bootstrap's compiled CSS writes its default blue", () => {
    const ours = rules(read('src/styles/tokens.css'));
    const overridden = (selector: string, property: string) =>
      ours.some((rule) => rule.selector === selector && rule.declarations.has(property));
    const left: string[] = [];
    for (const { selector, declarations } of rules(
      read('node_modules/bootstrap/dist/css/bootstrap.min.css'),
    )) {
      for (const [property, value] of declarations) {
        const blue = BLUES.some((shade) => value.replace(/\s/g, '').includes(shade));
        if (blue && !UNUSED.has(property) && !overridden(selector, property))
          left.push(`${selector} { ${property}: ${value} }`);
      }
    }
    expect(left).toEqual([]);
  });

  it('make the brand green the primary colour and the link colour', () => {
    const root = rules(read('src/styles/tokens.css')).find(({ selector }) => selector === ':root')!;
    expect(root.declarations.get('--cx-green')).toBe('#146c43');
    expect(root.declarations.get('--bs-primary')).toBe('var(--cx-green)');
    expect(root.declarations.get('--bs-link-color')).toBe('var(--cx-green)');
  });
});

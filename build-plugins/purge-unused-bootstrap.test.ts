// @vitest-environment node
import postcss from 'postcss';
import { afterEach, describe, expect, test } from 'vitest';
import { purgeUnusedBootstrap } from './purge-unused-bootstrap.ts';
import { removeProjects, writeProject } from './test-project.ts';

afterEach(removeProjects);

/** Bootstrap-like rules, each for one class (or element) a test below expects kept or dropped. */
const BOOTSTRAP_CSS = [
  'body',
  'table',
  'h6',
  '.bg-body',
  '.mt-2',
  '.mb-5',
  '.btn',
  '.btn-primary',
  '.btn-success',
  '.btn-danger',
  '.btn-outline-success',
  '.spinner-border',
  '.spinner-border-sm',
  '.spinner-grow',
  '.carousel-inner',
  '.carousel-caption',
  '.alert-heading',
  '.text-danger',
  '.fade',
  '.show',
  '.collapse',
]
  .map((selector) => `${selector}{color:red}`)
  .join('\n');

/** An app: index.html, a screen using a react-bootstrap button, and a library stand-in. */
const app = {
  'index.html': '<body class="bg-body"><div id="root"></div></body>',
  'src/home.tsx': `import Button from 'react-bootstrap/Button';
export const Home = () => <Button variant="success" size="sm" className="mt-2">Go</Button>;`,
  'src/home.test.tsx': `export const unused = <p className="text-danger mb-5">test only</p>;`,
  'node_modules/react-bootstrap/esm/Button.js': `import Spinner from './Spinner';
export default function Button({ variant }) { return 'btn'; }`,
  'node_modules/react-bootstrap/esm/Spinner.js': `export default function Spinner({ animation }) {
  const prefix = 'carousel'; return ['spinner-border', \`\${prefix}-inner\`]; }`,
  'node_modules/react-bootstrap/esm/Alert.js': `export default () => 'alert-heading';`,
};

async function selectorsKept(root: string, file: string) {
  const result = await postcss([purgeUnusedBootstrap(root)]).process(BOOTSTRAP_CSS, {
    from: `${root}/${file}`,
  });
  const kept: string[] = [];
  result.root.walkRules((rule) => void kept.push(rule.selector));
  return kept;
}

describe('purgeUnusedBootstrap', () => {
  test("keeps Bootstrap's rules for what the app can render and drops the rest", async () => {
    const root = writeProject(app);
    const kept = await selectorsKept(root, 'node_modules/bootstrap/dist/css/bootstrap.css');
    expect(kept.sort()).toEqual(
      [
        ...['body', '.bg-body'], // elements, and classes in index.html
        '.mt-2', // a class in our source
        '.btn', // in the imported Button
        ...['.btn-success', '.btn-outline-success'], // a variant prop joined to its prefixes
        '.btn-primary', // the default variant
        '.spinner-border-sm', // a prop joined to a react-bootstrap prefix
        ...['.spinner-border', '.carousel-inner'], // in a module the imported Button imports
        ...['.fade', '.show'], // set by transitions
      ].sort(),
    );
    // Dropped: .btn-danger (used nowhere), .text-danger and .mb-5 (in a test file only),
    // .alert-heading (in a react-bootstrap module the app does not import), table, h6 …
  });

  test('leaves every other stylesheet alone', async () => {
    const root = writeProject(app);
    const kept = await selectorsKept(root, 'src/styles/app.css');
    expect(kept).toHaveLength(BOOTSTRAP_CSS.split('\n').length);
  });

  test('names the file that imports a react-bootstrap module that does not exist', () => {
    const root = writeProject({
      ...app,
      'src/about.tsx': `import Card from 'react-bootstrap/Crad';`,
    });
    expect(() => purgeUnusedBootstrap(root)).toThrow(
      `${root}/src/about.tsx imports react-bootstrap/Crad, which ${root}/node_modules/react-bootstrap/esm lacks.`,
    );
  });
});

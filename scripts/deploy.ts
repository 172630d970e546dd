/**
 * `npm run deploy [-- --project <id>]`: puts ChallangeX on a real Firebase
 * project in one command: Hosting (the production bundle, with the
 * Content-Security-Policy derived from its config), the `api` function and the
 * Realtime Database and Storage rules. The project and config come from
 * .env.production.local or the environment (see .env.example, docs/deploy.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { withContentSecurityPolicy, type FirebaseJson } from './lib/content-security-policy';
import {
  describeProblems,
  productionConfigProblems,
  productionFirebaseConfig,
} from './lib/firebase-web-config';
import { repoRoot } from './lib/stack';

const DEPLOY_CONFIG = '.deploy.firebase.json';
const TARGETS =
  'hosting,functions:api,functions:storedUploadCheck,functions:teamBonusJob,functions:mealReminders,database,storage';

function fail(message: string): never {
  console.error(`✗ npm run deploy: ${message}`);
  process.exit(1);
}

function projectToDeploy(env: Record<string, string>, requested: string | undefined): string {
  const configured = env.VITE_FIREBASE_PROJECT_ID?.trim() ?? '';
  const project = requested?.trim() || configured;
  if (!project) {
    fail(
      'no Firebase project to deploy to. Set VITE_FIREBASE_PROJECT_ID in .env.production.local ' +
        '(copy .env.example) or in the environment; see docs/deploy.md.',
    );
  }
  if (project.startsWith('demo-')) {
    fail(
      `refusing to deploy to "${project}": demo- projects exist only in the local emulators. ` +
        'Create a Firebase project and put its config in .env.production.local; see docs/deploy.md.',
    );
  }
  if (configured && project !== configured) {
    fail(
      `--project ${project} is not the project the bundle would be built for ` +
        `(VITE_FIREBASE_PROJECT_ID=${configured}). Deploy the project your config describes.`,
    );
  }
  return project;
}

/** Runs one step in the foreground; false when it failed. */
function run(step: string, command: string, args: string[]): boolean {
  console.log(`\n━━ ${step}`);
  return spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' }).status === 0;
}

const failed = (step: string) => fail(`${step} failed (see its output above).`);

const { values } = parseArgs({ options: { project: { type: 'string' } } });
// What `vite build` will read: .env.production(.local), with the environment taking precedence.
const env = loadEnv('production', repoRoot, 'VITE_');
const project = projectToDeploy(env, values.project);
const problems = productionConfigProblems(env);
if (problems.length > 0) fail(describeProblems(problems));
const config = productionFirebaseConfig(env);

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const appBuild = 'production build of the app';
if (!run(appBuild, bin('vite'), ['build', '--mode', 'production'])) failed(appBuild);
const apiBuild = 'build of the api function';
if (!run(apiBuild, process.execPath, ['--import', 'tsx', 'scripts/build-functions.ts'])) {
  failed(apiBuild);
}

const firebaseJson: FirebaseJson = JSON.parse(
  readFileSync(join(repoRoot, 'firebase.json'), 'utf8'),
);
const deployConfig = join(repoRoot, DEPLOY_CONFIG);
writeFileSync(
  deployConfig,
  JSON.stringify(withContentSecurityPolicy(firebaseJson, config), null, 2),
);
const deploy = `firebase deploy to ${project}`;
const deployed = run(deploy, bin('firebase'), [
  'deploy',
  '--only',
  TARGETS,
  '--project',
  project,
  '--config',
  DEPLOY_CONFIG,
  '--non-interactive',
]);
rmSync(deployConfig, { force: true });
if (!deployed) failed(deploy);
console.log(`\n✓ ChallangeX is live at https://${project}.web.app`);

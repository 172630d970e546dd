import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorDatabaseRules } from './database-rules';
import { declaredFunctionsRuntime, ensureFunctionsNode } from './functions-runtime';
import { freePort, waitForHttp } from './free-port';
import { nodeBin, startNodeProcess, type ManagedProcess } from './processes';
import { assertPortsFree } from './ports-in-use';
import { repoRoot } from './repo-root';
import { step } from './shutdown';

export { repoRoot };

export interface StackPorts {
  auth: number;
  functions: number;
  database: number;
  storage: number;
  hub: number;
  logging: number;
}

/** A stack's ports, each one the OS reports free now (tests and the bench run beside a dev stack). */
export async function freeStackPorts(): Promise<StackPorts> {
  return {
    auth: await freePort(),
    functions: await freePort(),
    database: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
}

export const devPorts: StackPorts = {
  auth: 9099,
  functions: 5001,
  database: 9000,
  storage: 9199,
  hub: 4400,
  logging: 4500,
};

export interface StackOptions {
  name: string;
  projectId: string;
  ports: StackPorts;
  /** Keep emulator data here between runs; omit for a throw-away stack. */
  dataDir?: string;
  /** Use firebase-tools' official RTDB and Storage emulators (needs Java 21 and their JARs). */
  official?: boolean;
  /** Browser origins the API accepts (the function's own defaults cover the dev server). */
  allowedOrigins?: string[];
  /**
   * Announce stored objects to the Functions emulator, so the finalize check runs as in production
   * (functions/src/proofs/stored-upload-check.ts). Default true; the official emulators always do.
   */
  storageEvents?: boolean;
  log?: (source: string, line: string) => void;
}

export interface RunningStack {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The environment every process talking to this stack needs (firebase-admin reads it). */
export function stackEnv(
  options: Pick<StackOptions, 'projectId' | 'ports'>,
): Record<string, string> {
  const { ports, projectId } = options;
  return {
    GCLOUD_PROJECT: projectId,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
  };
}

/** The emulator build of database.rules.json (scripts/lib/database-rules.ts), written for this stack. */
function emulatorRulesFile(options: Pick<StackOptions, 'name'>): string {
  const path = join(repoRoot, `.stack-${options.name}.database.rules.json`);
  writeFileSync(path, emulatorDatabaseRules());
  return path;
}

function firebaseConfig(options: StackOptions): string {
  const { ports } = options;
  const emulators: Record<string, unknown> = {
    auth: { host: '127.0.0.1', port: ports.auth },
    functions: { host: '127.0.0.1', port: ports.functions },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  if (options.official) {
    emulators.database = { host: '127.0.0.1', port: ports.database };
    emulators.storage = { host: '127.0.0.1', port: ports.storage };
  }
  const path = join(repoRoot, `.stack-${options.name}.firebase.json`);
  writeFileSync(
    path,
    JSON.stringify(
      {
        emulators,
        functions: [
          {
            source: 'functions',
            codebase: 'default',
            runtime: declaredFunctionsRuntime(),
            ignore: ['node_modules', 'src', '*.log'],
          },
        ],
        database: { rules: emulatorRulesFile(options) },
        storage: { rules: 'storage.rules' },
      },
      null,
      2,
    ),
  );
  return path;
}

/** The Storage emulator's arguments: its rules, and where it announces stored objects. */
function storageEmulatorArgs(options: StackOptions): string[] {
  const args = ['--port', String(options.ports.storage), '--rules', 'storage.rules'];
  if (options.storageEvents === false) return args;
  // Storage triggers: each finalized object's CloudEvent goes to the Functions emulator
  // (emulators/storage/README.md, "Storage triggers"), so the finalize check runs as deployed.
  return [
    ...args,
    '--functions',
    `http://127.0.0.1:${options.ports.functions}`,
    '--project',
    options.projectId,
  ];
}

/**
 * Starts the whole local backend: the project's own RTDB and Storage
 * emulators (or the official ones), then firebase-tools' Auth and Functions
 * emulators with firebase-admin pointed at them.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { ports, log } = options;
  const env = stackEnv(options);
  const processes: ManagedProcess[] = [];
  // SIGINT: firebase-tools exports its data (--export-on-exit) on a clean exit.
  const stop = async () => {
    await Promise.all([...processes].reverse().map((managed) => managed.stop('SIGINT', 15_000)));
    rmSync(join(repoRoot, `.stack-${options.name}.firebase.json`), { force: true });
    rmSync(join(repoRoot, `.stack-${options.name}.database.rules.json`), { force: true });
  };
  const tsx = { nodeArgs: ['--import', 'tsx'], env, log };
  try {
    await step("checking the stack's ports", () => assertPortsFree({ ...ports }));
    const functionsNode = ensureFunctionsNode((line) =>
      log ? log('functions', line) : console.log(line),
    );
    await step('building the functions', async () => {
      const build = startNodeProcess('build', 'scripts/build-functions.ts', [], tsx);
      if ((await build.exited) !== 0) throw new Error('see its output above');
    });

    const data = (sub: string) => {
      if (!options.dataDir) return [];
      const dir = join(options.dataDir, sub);
      mkdirSync(dir, { recursive: true });
      return ['--data', dir];
    };
    if (!options.official) {
      processes.push(
        startNodeProcess(
          'database',
          'emulators/database/cli.ts',
          [
            '--port',
            String(ports.database),
            '--rules',
            emulatorRulesFile(options),
            ...data('database'),
          ],
          tsx,
        ),
        startNodeProcess(
          'storage',
          'emulators/storage/cli.ts',
          [...storageEmulatorArgs(options), ...data('storage')],
          tsx,
        ),
      );
    }
    const only = options.official ? 'auth,functions,database,storage' : 'auth,functions';
    const authData = options.dataDir ? join(options.dataDir, 'firebase-tools') : undefined;
    const persistence =
      authData !== undefined
        ? [
            ...(existsSync(join(authData, 'firebase-export-metadata.json'))
              ? ['--import', authData]
              : []),
            '--export-on-exit',
            authData,
          ]
        : [];
    processes.push(
      startNodeProcess(
        'firebase',
        nodeBin('firebase'),
        [
          'emulators:start',
          '--only',
          only,
          '--project',
          options.projectId,
          '--config',
          firebaseConfig(options),
          ...persistence,
        ],
        {
          // The Functions emulator runs the function on its own Node: the deployed runtime's major.
          node: functionsNode,
          // The Functions emulator hands its own environment to the function, so firebase-admin finds our emulators.
          env: {
            ...(options.official ? { GCLOUD_PROJECT: options.projectId } : env),
            ...(options.allowedOrigins
              ? { ALLOWED_ORIGINS: options.allowedOrigins.join(',') }
              : {}),
          },
          log,
        },
      ),
    );
    // A process that dies during start-up (e.g. a port already taken) must fail the start,
    // not let us talk to whatever else answers on that port.
    const earlyExit = new Promise<never>((_, reject) => {
      for (const { name, exited } of processes) {
        void exited.then((code) =>
          reject(new Error(`${name} exited during start-up (code ${code}); see its log above`)),
        );
      }
    });
    const ready = Promise.all([
      waitForHttp(
        `http://127.0.0.1:${ports.database}/.json?ns=${options.projectId}-default-rtdb&shallow=true`,
        120_000,
      ),
      waitForHttp(`http://127.0.0.1:${ports.storage}/`, 120_000),
      waitForHttp(`http://127.0.0.1:${ports.auth}/`, 120_000),
      waitForFunctions(options),
    ]);
    earlyExit.catch(() => {});
    await step('waiting for the emulators to answer', () => Promise.race([ready, earlyExit]));
    return { env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForFunctions(options: StackOptions): Promise<void> {
  const url = `http://127.0.0.1:${options.ports.functions}/${options.projectId}/us-central1/api/api/health`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The API function did not answer at ${url}`);
}

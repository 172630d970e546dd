/**
 * tsx emulators/storage/cli.ts [--host 127.0.0.1] [--port 9199] [--rules storage.rules]
 *                              [--data .emulator-data/storage] [--quota BYTES] [--quiet]
 *                              [--functions http://127.0.0.1:5001 --project PROJECT_ID]
 * Prints exactly one line on stdout when listening; logs go to stderr. --functions (or the
 * STORAGE_EVENTS_FUNCTIONS environment variable) sends Storage trigger events to that Functions
 * emulator; the project is --project, or GCLOUD_PROJECT.
 */
import { parseArgs } from 'node:util';
import { startStorageEmulator } from './server';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '9199' },
      rules: { type: 'string' },
      data: { type: 'string' },
      quota: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      functions: { type: 'string' },
      project: { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}`);
  let quotaBytes: number | undefined;
  if (values.quota !== undefined) {
    quotaBytes = Number(values.quota);
    if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 0)
      throw new Error(`invalid --quota ${values.quota}`);
  }
  const functionsOrigin = values.functions ?? process.env.STORAGE_EVENTS_FUNCTIONS;
  const projectId = values.project ?? process.env.GCLOUD_PROJECT;
  if (functionsOrigin !== undefined) {
    if (!/^https?:\/\/[^/]+\/?$/.test(functionsOrigin))
      throw new Error(`invalid --functions ${functionsOrigin} (want http://HOST:PORT)`);
    if (!projectId) throw new Error('--functions needs --project (or GCLOUD_PROJECT)');
  }
  const emulator = await startStorageEmulator({
    host: values.host,
    port,
    rulesFile: values.rules,
    dataDir: values.data,
    quotaBytes,
    functions:
      functionsOrigin !== undefined ? { functionsOrigin, projectId: projectId! } : undefined,
    log: values.quiet ? () => undefined : (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`Storage emulator ready on http://${emulator.host}:${emulator.port}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!values.quiet) process.stderr.write(`storage: ${signal} received, flushing and stopping\n`);
    emulator.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`storage: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `storage emulator failed to start: ${(err as Error)?.message ?? String(err)}\n`,
  );
  process.exit(1);
});

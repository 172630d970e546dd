/**
 * tsx emulators/push/cli.ts [--host 127.0.0.1] [--port 9330] [--max-deliveries 1000] [--quiet]
 * Prints exactly one line on stdout when listening; logs (each refused push and why) go to stderr.
 */
import { parseArgs } from 'node:util';
import { startPushService } from './server';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '9330' },
      'max-deliveries': { type: 'string', default: '1000' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}`);
  const maxDeliveries = Number(values['max-deliveries']);
  if (!Number.isSafeInteger(maxDeliveries) || maxDeliveries < 1)
    throw new Error(`invalid --max-deliveries ${values['max-deliveries']}`);
  const service = await startPushService({
    host: values.host,
    port,
    maxDeliveries,
    log: values.quiet ? () => undefined : (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`Push service ready on ${service.origin}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`push: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`push service failed to start: ${(err as Error)?.message ?? String(err)}\n`);
  process.exit(1);
});

/**
 * tsx emulators/database/cli.ts [--host 127.0.0.1] [--port 9000] [--rules database.rules.json] [--data DIR]
 *
 * Prints `RTDB emulator ready on http://HOST:PORT` once listening. With --data, each change
 * is on disk within about a second (so a crash loses at most that); SIGINT/SIGTERM writes
 * what is pending and exits 0.
 */
import { startDatabaseEmulator, type DatabaseEmulatorOptions } from './server';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(
    'Usage: tsx emulators/database/cli.ts [--host HOST] [--port PORT] [--rules FILE] [--data DIR]',
  );
  process.exit(2);
}

function parseArgs(argv: string[]): DatabaseEmulatorOptions {
  const options: DatabaseEmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined) usage(`Missing value for ${flag}`);
      return v;
    };
    switch (flag) {
      case '--host':
        options.host = value();
        break;
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) usage('Invalid --port');
        options.port = port;
        break;
      }
      case '--rules':
        options.rulesFile = value();
        break;
      case '--data':
        options.dataDir = value();
        break;
      case '--help':
      case '-h':
        usage();
        break;
      default:
        usage(`Unknown argument ${arg}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const emulator = await startDatabaseEmulator({ ...options, log: (line) => console.error(line) });
  console.log(`RTDB emulator ready on http://${emulator.host}:${emulator.port}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`RTDB emulator: failed to stop cleanly: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`RTDB emulator failed to start: ${(e as Error).message}`);
  process.exit(1);
});

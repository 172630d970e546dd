/**
 * One way for every script to end: whatever the cause (a failed step, an uncaught error,
 * Ctrl-C, SIGTERM, a closed terminal), say what happened and in which step, stop every
 * process this script started, then exit.
 */

type Cleanup = () => Promise<void>;

const cleanups = new Set<Cleanup>();
let currentStep: string | undefined;
let exiting: Promise<never> | undefined;
/** Longest wait for the cleanups before exiting anyway (the tether ends what is left). */
const CLEANUP_LIMIT_MS = 30_000;

/** Whether the script is stopping (nothing new should start). */
export const shuttingDown = () => exiting !== undefined;

/** Registers something to stop when this script ends early; returns a function that unregisters it. */
export function onShutdown(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every registered cleanup (each once), bounded in time. */
export async function runCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  const all = Promise.allSettled(pending.map((cleanup) => cleanup()));
  await Promise.race([
    all,
    new Promise((resolve) => setTimeout(resolve, CLEANUP_LIMIT_MS).unref()),
  ]);
}

/** An error that already names the step that failed. */
export class StepError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`${step} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Runs one named step; an error from it says which step failed. */
export async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const previous = currentStep;
  currentStep = name;
  try {
    return await run();
  } catch (error) {
    throw error instanceof StepError ? error : new StepError(name, error);
  } finally {
    currentStep = previous;
  }
}

/** Says why the script is ending, stops what it started and exits with `code` (the first reason wins). */
export function exitAfterCleanup(reason: string, code: number): Promise<never> {
  exiting ??= (async () => {
    console.error(reason);
    if (cleanups.size > 0) console.error(`Stopping the ${cleanups.size} process(es) it started…`);
    await runCleanups();
    process.exit(code);
  })();
  return exiting;
}

const SIGNAL_CODES: Partial<Record<NodeJS.Signals, number>> = {
  SIGINT: 130,
  SIGTERM: 143,
  SIGHUP: 129,
};

/**
 * Makes Ctrl-C, SIGTERM, a closed terminal and uncaught errors stop everything this
 * script started, naming the step under way. `script` names it in the messages.
 */
export function handleShutdown(script: string): void {
  for (const [signal, code] of Object.entries(SIGNAL_CODES) as [NodeJS.Signals, number][]) {
    process.on(signal, () => {
      const during = currentStep ? ` during "${currentStep}"` : '';
      void exitAfterCleanup(`\n${script}: ${signal} received${during}.`, code);
    });
  }
  const crash = (error: unknown) => {
    const during = currentStep && !(error instanceof StepError) ? ` (step "${currentStep}")` : '';
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    void exitAfterCleanup(`${script} failed${during}: ${message}`, 1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}

/**
 * Crash-safe persistence for the local emulators' `--data` directories: a file is replaced
 * atomically (temporary file, fsync, rename, fsync of the directory), so after a crash or a
 * power cut the previous or the new content is on disk, never a half-written file; and
 * snapshots are written shortly after each change (debounced) rather than only on exit.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Suffix of the temporary files `writeFileAtomic` leaves behind if the process dies mid-write. */
export const TEMP_SUFFIX = '.partial';

let sequence = 0;

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}-${++sequence}${TEMP_SUFFIX}`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

/** Makes a rename or unlink in the directory durable (no-op where directories cannot be opened). */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    /* not supported on this platform or file system */
  } finally {
    await handle?.close();
  }
}

export interface DebouncedWriter {
  /** A change happened: write within `delayMs` of a quiet period, and within `maxDelayMs` at most. */
  schedule(): void;
  /** Writes now if a change is pending, and waits for any write under way. */
  flush(): Promise<void>;
  /** Stops the timers (after a final flush). */
  close(): Promise<void>;
}

export interface DebouncedWriterOptions {
  write: () => Promise<void>;
  /** Quiet time after the last change before writing. */
  delayMs?: number;
  /** Upper bound from the first unsaved change to the write, even under a stream of changes. */
  maxDelayMs?: number;
  onError?: (error: unknown) => void;
}

export function debouncedWriter(options: DebouncedWriterOptions): DebouncedWriter {
  const { write, delayMs = 200, maxDelayMs = 1_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  let firstPendingAt: number | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const run = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (firstPendingAt === undefined) return running;
    firstPendingAt = undefined;
    // One write at a time; a change during a write schedules the next one.
    running = running.then(write).catch((error: unknown) => options.onError?.(error));
    return running;
  };

  return {
    schedule() {
      if (closed) return;
      const now = Date.now();
      firstPendingAt ??= now;
      clearTimeout(timer);
      const wait = Math.max(0, Math.min(delayMs, firstPendingAt + maxDelayMs - now));
      timer = setTimeout(() => void run(), wait);
    },
    flush: run,
    async close() {
      await run();
      closed = true;
    },
  };
}

/**
 * The emulators' `--data` writes: atomic replacement (a reader never sees a half-written
 * snapshot, an interrupted write leaves only a temporary file) and the debounced schedule
 * (a burst of changes is one write, a change is on disk within a second).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { debouncedWriter, TEMP_SUFFIX, writeFileAtomic } from '../../common/durable-file';

const dir = mkdtempSync(join(tmpdir(), 'durable-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writeFileAtomic', () => {
  it('replaces a large file so that a reader polling it only ever sees a whole document', async () => {
    const file = join(dir, 'snapshot.json');
    const documentOf = (round: number) =>
      JSON.stringify({
        round,
        rows: Array.from({ length: 60_000 }, (_, i) => `row-${round}-${i}`),
      });
    await writeFileAtomic(file, documentOf(0));
    let reads = 0;
    const rounds = new Set<number>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { round: number; rows: string[] };
        expect(parsed.rows).toHaveLength(60_000);
        rounds.add(parsed.round);
        reads++;
        await sleep(0);
      }
    })();
    for (let round = 1; round <= 15; round++) await writeFileAtomic(file, documentOf(round));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(15);
    expect(rounds.size).toBeGreaterThan(1);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { round: number }).round).toBe(15);
    expect(readdirSync(dir).filter((name) => name.endsWith(TEMP_SUFFIX))).toEqual([]);
  });

  it('leaves the previous content in place when the write fails', async () => {
    const file = join(dir, 'kept.json');
    writeFileSync(file, '{"kept":true}');
    // Data that cannot be written makes the write fail after the temporary file is created.
    await expect(writeFileAtomic(file, 42 as unknown as string)).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{"kept":true}');
    expect(readdirSync(dir).filter((name) => name.endsWith(TEMP_SUFFIX))).toEqual([]);
  });
});

describe('debouncedWriter', () => {
  it('coalesces a burst of changes into one write, soon after the burst', async () => {
    const writes: number[] = [];
    const started = Date.now();
    const writer = debouncedWriter({
      write: async () => void writes.push(Date.now() - started),
      delayMs: 100,
      maxDelayMs: 1_000,
    });
    for (let i = 0; i < 20; i++) {
      writer.schedule();
      await sleep(5);
    }
    await sleep(400);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toBeLessThan(500);
    await writer.close();
  });

  it('writes within maxDelayMs of the first change even while changes keep coming', async () => {
    const writes: number[] = [];
    const started = Date.now();
    const writer = debouncedWriter({
      write: async () => void writes.push(Date.now() - started),
      delayMs: 200,
      maxDelayMs: 500,
    });
    while (Date.now() - started < 1_300) {
      writer.schedule();
      await sleep(50);
    }
    await writer.close();
    expect(writes[0]).toBeGreaterThanOrEqual(450);
    expect(writes[0]).toBeLessThan(800);
    expect(writes.length).toBeGreaterThanOrEqual(3);
  });

  it('flushes a pending change on close and reports a failed write without stopping', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const writer = debouncedWriter({
      write: async () => {
        calls++;
        if (calls === 1) throw new Error('disk full');
      },
      delayMs: 10_000,
      onError: (error) => errors.push(error),
    });
    writer.schedule();
    await writer.flush();
    writer.schedule();
    await writer.close();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('disk full')]);
  });
});

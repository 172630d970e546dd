/**
 * Object metadata index. In memory, or mirrored to DATA_DIR/objects/<blobId>.json (one file
 * per object version, written atomically and fsynced before the request is answered) next to
 * the bytes in DATA_DIR/blobs, so that files and metadata survive a restart or a crash.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomic } from '../common/durable-file';
import { DiskBlobStore, MemoryBlobStore, type BlobStore } from './blobs';

export interface ObjectMetadata {
  bucket: string;
  name: string;
  generation: string;
  metageneration: number;
  size: number;
  md5Hash: string;
  crc32c?: string;
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customMetadata?: Record<string, string>;
  downloadTokens: string[];
  timeCreated: string;
  updated: string;
}

export interface StoredObject {
  blobId: string;
  meta: ObjectMetadata;
}

export interface ListEntry {
  kind: 'item' | 'prefix';
  key: string;
  object?: StoredObject;
}

let lastGeneration = 0;
/** GCS generations are microsecond timestamps; keep them strictly increasing. */
export function nextGeneration(): string {
  lastGeneration = Math.max(Date.now() * 1000, lastGeneration + 1);
  return String(lastGeneration);
}

export function etagOf(meta: ObjectMetadata): string {
  return createHash('sha1')
    .update(`${meta.generation}/${meta.metageneration}`)
    .digest('base64')
    .slice(0, -1);
}

export function newDownloadToken(): string {
  return randomUUID();
}

export class ObjectStore {
  readonly blobs: BlobStore;
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly metaDir: string | null;
  private queue: Promise<unknown> = Promise.resolve();
  private totalSize = 0;

  private constructor(blobs: BlobStore, metaDir: string | null) {
    this.blobs = blobs;
    this.metaDir = metaDir;
  }

  static async open(
    dataDir: string | undefined,
    log: (line: string) => void,
  ): Promise<ObjectStore> {
    if (!dataDir) return new ObjectStore(new MemoryBlobStore(), null);
    const blobs = new DiskBlobStore(dataDir);
    await blobs.init();
    const metaDir = path.join(dataDir, 'objects');
    await fs.mkdir(metaDir, { recursive: true });
    const store = new ObjectStore(blobs, metaDir);
    await store.load(log);
    return store;
  }

  private async load(log: (line: string) => void): Promise<void> {
    const metaDir = this.metaDir!;
    const referenced = new Set<string>();
    for (const file of await fs.readdir(metaDir)) {
      const full = path.join(metaDir, file);
      if (!file.endsWith('.json')) {
        await fs.rm(full, { force: true }); // leftover temp file from an interrupted write
        continue;
      }
      let rec: StoredObject;
      try {
        rec = JSON.parse(await fs.readFile(full, 'utf8')) as StoredObject;
        if (
          !rec?.meta?.bucket ||
          typeof rec.meta.name !== 'string' ||
          !(await this.blobs.has(rec.blobId))
        ) {
          throw new Error('incomplete record');
        }
      } catch (err) {
        log(`storage: dropping unreadable metadata ${file}: ${(err as Error).message}`);
        await fs.rm(full, { force: true });
        continue;
      }
      const existing = this.get(rec.meta.bucket, rec.meta.name);
      if (existing && BigInt(existing.meta.generation) >= BigInt(rec.meta.generation)) {
        await this.removeFiles(rec); // an older version left by an interrupted overwrite
        continue;
      }
      if (existing) {
        referenced.delete(existing.blobId);
        await this.removeFiles(existing);
      }
      this.index(rec);
      referenced.add(rec.blobId);
      lastGeneration = Math.max(lastGeneration, Number(rec.meta.generation));
    }
    const disk = this.blobs as DiskBlobStore;
    for (const file of await fs.readdir(disk.blobDir)) {
      if (!referenced.has(file)) await fs.rm(path.join(disk.blobDir, file), { force: true });
    }
  }

  private index(rec: StoredObject): void {
    let bucket = this.buckets.get(rec.meta.bucket);
    if (!bucket) {
      bucket = new Map();
      this.buckets.set(rec.meta.bucket, bucket);
    }
    const old = bucket.get(rec.meta.name);
    if (old) this.totalSize -= old.meta.size;
    bucket.set(rec.meta.name, rec);
    this.totalSize += rec.meta.size;
  }

  private unindex(rec: StoredObject): void {
    const bucket = this.buckets.get(rec.meta.bucket);
    if (bucket?.get(rec.meta.name) === rec) {
      bucket.delete(rec.meta.name);
      this.totalSize -= rec.meta.size;
    }
  }

  /** Runs file operations one at a time, in the order the index changed. */
  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private metaPath(rec: StoredObject): string {
    return path.join(this.metaDir!, `${rec.blobId}.json`);
  }

  private async writeMeta(rec: StoredObject): Promise<void> {
    if (!this.metaDir) return;
    await writeFileAtomic(this.metaPath(rec), JSON.stringify(rec, null, 2));
  }

  private async removeFiles(rec: StoredObject): Promise<void> {
    if (this.metaDir) await fs.rm(this.metaPath(rec), { force: true });
    await this.blobs.remove(rec.blobId);
  }

  get totalBytes(): number {
    return this.totalSize;
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name);
  }

  /** Stores a new object version, replacing (and deleting the bytes of) any previous one. */
  async put(rec: StoredObject): Promise<void> {
    const old = this.get(rec.meta.bucket, rec.meta.name);
    this.index(rec);
    await this.enqueue(async () => {
      await this.writeMeta(rec);
      if (old && old.blobId !== rec.blobId) await this.removeFiles(old);
    });
  }

  async updateMeta(rec: StoredObject, meta: ObjectMetadata): Promise<StoredObject> {
    const next: StoredObject = { blobId: rec.blobId, meta };
    this.index(next);
    await this.enqueue(() => this.writeMeta(next));
    return next;
  }

  async delete(rec: StoredObject): Promise<void> {
    this.unindex(rec);
    await this.enqueue(() => this.removeFiles(rec));
  }

  async clear(): Promise<void> {
    this.buckets.clear();
    this.totalSize = 0;
    await this.enqueue(async () => {
      await this.blobs.clear();
      if (this.metaDir) {
        await fs.rm(this.metaDir, { recursive: true, force: true });
        await fs.mkdir(this.metaDir, { recursive: true });
      }
    });
  }

  /** Waits for every queued file operation. */
  async flush(): Promise<void> {
    await this.enqueue(async () => undefined);
  }

  /**
   * Lists a bucket like GCS: names starting with prefix; with a delimiter, names that contain it
   * after the prefix collapse into one prefix entry. Entries sorted by key; paginated by key.
   */
  list(bucket: string, prefix: string, delimiter: string, after: string | null, max: number) {
    const byKey = new Map<string, ListEntry>();
    for (const obj of this.buckets.get(bucket)?.values() ?? []) {
      const name = obj.meta.name;
      if (!name.startsWith(prefix)) continue;
      const idx = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
      if (idx >= 0) {
        const p = name.slice(0, idx + delimiter.length);
        byKey.set(`p:${p}`, { kind: 'prefix', key: p });
      } else {
        byKey.set(`i:${name}`, { kind: 'item', key: name, object: obj });
      }
    }
    const sortKey = (e: ListEntry) => `${e.key}\u0000${e.kind}`;
    let entries = [...byKey.values()].sort((a, b) =>
      sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0,
    );
    if (after !== null) entries = entries.filter((e) => sortKey(e) > after);
    const page = entries.slice(0, max);
    const next = entries.length > max ? sortKey(page[page.length - 1]) : null;
    return { entries: page, next };
  }
}

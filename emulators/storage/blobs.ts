/**
 * Object bytes: in memory, or as files under DATA_DIR/blobs. Writers append one incoming chunk
 * at a time (never the whole body), can be truncated back to an offset (resumable retries),
 * and commit to an immutable blob with its size and MD5.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { syncDirectory } from '../common/durable-file';
import { Crc32c } from './crc32c';

export interface CommittedBlob {
  id: string;
  size: number;
  md5Hash: string;
  crc32c: string;
}

export interface BlobWriter {
  readonly size: number;
  append(chunk: Buffer): Promise<void>;
  truncate(size: number): Promise<void>;
  commit(): Promise<CommittedBlob>;
  discard(): Promise<void>;
}

export interface BlobStore {
  createWriter(): BlobWriter;
  /** Streams bytes [start, end) of a blob. */
  read(id: string, start: number, end: number): Readable;
  readAll(id: string): Promise<Buffer>;
  remove(id: string): Promise<void>;
  has(id: string): Promise<boolean>;
  clear(): Promise<void>;
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();

  createWriter(): BlobWriter {
    let chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const store = this.blobs;
    return {
      get size() {
        return size;
      },
      async append(chunk: Buffer) {
        if (done) throw new Error('writer closed');
        chunks.push(chunk);
        size += chunk.length;
      },
      async truncate(n: number) {
        if (n >= size) return;
        const data = Buffer.concat(chunks, size).subarray(0, n);
        chunks = [Buffer.from(data)];
        size = n;
      },
      async commit() {
        done = true;
        const data = Buffer.concat(chunks, size);
        chunks = [];
        const id = randomUUID();
        store.set(id, data);
        return {
          id,
          size: data.length,
          md5Hash: createHash('md5').update(data).digest('base64'),
          crc32c: new Crc32c().update(data).digestBase64(),
        };
      },
      async discard() {
        done = true;
        chunks = [];
        size = 0;
      },
    };
  }

  read(id: string, start: number, end: number): Readable {
    const data = this.blobs.get(id) ?? Buffer.alloc(0);
    return Readable.from([data.subarray(start, end)]);
  }

  async readAll(id: string): Promise<Buffer> {
    return this.blobs.get(id) ?? Buffer.alloc(0);
  }

  async remove(id: string): Promise<void> {
    this.blobs.delete(id);
  }

  async has(id: string): Promise<boolean> {
    return this.blobs.has(id);
  }

  async clear(): Promise<void> {
    this.blobs.clear();
  }
}

export class DiskBlobStore implements BlobStore {
  readonly blobDir: string;
  readonly partialDir: string;

  constructor(dataDir: string) {
    this.blobDir = path.join(dataDir, 'blobs');
    this.partialDir = path.join(dataDir, 'uploads');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.blobDir, { recursive: true });
    // Partial uploads do not survive a restart (their sessions live in memory).
    await fs.rm(this.partialDir, { recursive: true, force: true });
    await fs.mkdir(this.partialDir, { recursive: true });
  }

  private blobPath(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`invalid blob id ${id}`);
    return path.join(this.blobDir, id);
  }

  createWriter(): BlobWriter {
    const id = randomUUID();
    const partial = path.join(this.partialDir, `${id}.part`);
    let handle: fs.FileHandle | null = null;
    let size = 0;
    let closed = false;
    const open = async () => {
      if (closed) throw new Error('writer closed');
      if (!handle) handle = await fs.open(partial, 'w+');
      return handle;
    };
    const blobPath = this.blobPath(id);
    return {
      get size() {
        return size;
      },
      async append(chunk: Buffer) {
        const h = await open();
        let written = 0;
        while (written < chunk.length) {
          const r = await h.write(chunk, written, chunk.length - written, size + written);
          written += r.bytesWritten;
        }
        size += chunk.length;
      },
      async truncate(n: number) {
        if (n >= size) return;
        const h = await open();
        await h.truncate(n);
        size = n;
      },
      async commit() {
        const h = await open();
        closed = true;
        await h.sync();
        await h.close();
        await fs.rename(partial, blobPath);
        await syncDirectory(path.dirname(blobPath));
        const md5 = createHash('md5');
        const crc = new Crc32c();
        for await (const chunk of createReadStream(blobPath)) {
          md5.update(chunk as Buffer);
          crc.update(chunk as Buffer);
        }
        return { id, size, md5Hash: md5.digest('base64'), crc32c: crc.digestBase64() };
      },
      async discard() {
        closed = true;
        if (handle) await handle.close().catch(() => undefined);
        await fs.rm(partial, { force: true });
      },
    };
  }

  read(id: string, start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return createReadStream(this.blobPath(id), { start, end: end - 1 });
  }

  async readAll(id: string): Promise<Buffer> {
    return fs.readFile(this.blobPath(id));
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.blobPath(id), { force: true });
  }

  async has(id: string): Promise<boolean> {
    try {
      await fs.access(this.blobPath(id));
      return true;
    } catch {
      return false;
    }
  }

  async clear(): Promise<void> {
    await fs.rm(this.blobDir, { recursive: true, force: true });
    await fs.mkdir(this.blobDir, { recursive: true });
  }
}

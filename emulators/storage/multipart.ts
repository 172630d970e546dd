/**
 * Streaming parser for the two-part multipart/related upload body the SDKs send:
 *   --B\r\n<headers>\r\n\r\n<metadata JSON>\r\n--B\r\n<headers>\r\n\r\n<bytes>\r\n--B--
 * The metadata part is buffered (bounded); the media part is handed to `onData` as it
 * arrives, holding back only enough bytes to recognise the closing delimiter.
 */
import { HttpError } from './http';

const MAX_METADATA_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

export function boundaryFrom(contentType: string | undefined): string {
  const m = /^\s*multipart\/related\s*;(.*)$/i.exec(contentType ?? '');
  if (!m)
    throw new HttpError(
      400,
      'multipart upload needs Content-Type: multipart/related; boundary=...',
    );
  const b = /(?:^|;)\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(m[1]);
  const boundary = b?.[1] ?? b?.[2];
  if (!boundary || boundary.length > 200)
    throw new HttpError(400, 'multipart Content-Type has no valid boundary');
  return boundary;
}

export interface MultipartResult {
  metadataText: string;
  metadataHeaders: Record<string, string>;
  mediaHeaders: Record<string, string>;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    if (!line) continue;
    const idx = line.indexOf(':');
    if (idx <= 0)
      throw new HttpError(
        400,
        `malformed multipart header line ${JSON.stringify(line.slice(0, 80))}`,
      );
    headers[line.slice(0, idx).trim().toLowerCase()] = line.slice(idx + 1).trim();
  }
  return headers;
}

export async function parseMultipartRelated(
  body: AsyncIterable<Buffer>,
  boundary: string,
  onData: (chunk: Buffer) => Promise<void>,
): Promise<MultipartResult> {
  const reader = new MultipartReader(boundary, onData);
  for await (const chunk of body) {
    if (reader.isDone()) continue; // drain the epilogue
    reader.push(chunk);
    while (await reader.step(false));
  }
  if (!reader.isDone()) {
    while (await reader.step(true));
    if (!reader.isDone()) throw new HttpError(400, 'multipart body is truncated');
  }
  return reader.result();
}

type Phase =
  'preamble' | 'metaHeaders' | 'metaBody' | 'mediaHeaders' | 'media' | 'epilogue' | 'done';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The parser's state between chunks: which part it is in, and the bytes not yet consumed. */
class MultipartReader {
  private phase: Phase = 'preamble';
  private buf: Buffer = Buffer.alloc(0);
  private metadataText = '';
  private metadataHeaders: Record<string, string> = {};
  private mediaHeaders: Record<string, string> = {};
  private readonly dashBoundary: Buffer;
  private readonly delimiter: Buffer;

  constructor(
    boundary: string,
    private readonly onData: (chunk: Buffer) => Promise<void>,
  ) {
    this.dashBoundary = Buffer.from(`--${boundary}`);
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  isDone(): boolean {
    return this.phase === 'done';
  }

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
  }

  result(): MultipartResult {
    const { metadataText, metadataHeaders, mediaHeaders } = this;
    return { metadataText, metadataHeaders, mediaHeaders };
  }

  /** Consumes what it can of the buffer; true when it made progress and should be called again. */
  async step(final: boolean): Promise<boolean> {
    switch (this.phase) {
      case 'preamble':
        return this.readPreamble();
      case 'metaHeaders': {
        const h = this.takeHeaders();
        if (!h) return false;
        this.metadataHeaders = h;
        this.phase = 'metaBody';
        return true;
      }
      case 'metaBody':
        return this.readMetadata();
      case 'mediaHeaders': {
        const h = this.takeHeaders();
        if (!h) return false;
        this.mediaHeaders = h;
        this.phase = 'media';
        return true;
      }
      case 'media':
        return this.readMedia();
      case 'epilogue':
        return this.readEpilogue(final);
      case 'done':
        this.buf = Buffer.alloc(0);
        return false;
    }
  }

  /** Reads a header block at the start of buf; returns null if more bytes are needed. */
  private takeHeaders(): Record<string, string> | null {
    if (this.buf.length >= 2 && this.buf[0] === 0x0d && this.buf[1] === 0x0a) {
      this.buf = this.buf.subarray(2);
      return {};
    }
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0) {
      if (this.buf.length > MAX_HEADER_BYTES)
        throw new HttpError(400, 'multipart part headers too large');
      return null;
    }
    const headers = parseHeaders(this.buf.subarray(0, end).toString('latin1'));
    this.buf = this.buf.subarray(end + HEADER_END.length);
    return headers;
  }

  private readPreamble(): boolean {
    const idx = this.buf.indexOf(this.dashBoundary);
    if (idx < 0) {
      if (this.buf.length > MAX_HEADER_BYTES)
        throw new HttpError(400, 'multipart body does not start with the boundary');
      return false;
    }
    const after = idx + this.dashBoundary.length;
    if (this.buf.length < after + 2) return false;
    if (!this.buf.subarray(after, after + 2).equals(CRLF)) {
      throw new HttpError(400, 'multipart body has no parts');
    }
    this.buf = this.buf.subarray(after + 2);
    this.phase = 'metaHeaders';
    return true;
  }

  private readMetadata(): boolean {
    const idx = this.buf.indexOf(this.delimiter);
    if (idx < 0) {
      if (this.buf.length > MAX_METADATA_BYTES)
        throw new HttpError(400, 'multipart metadata part too large');
      return false;
    }
    const after = idx + this.delimiter.length;
    if (this.buf.length < after + 2) return false;
    this.metadataText = this.buf.subarray(0, idx).toString('utf8');
    const next = this.buf.subarray(after, after + 2);
    if (!next.equals(CRLF)) throw new HttpError(400, 'multipart upload is missing the media part');
    this.buf = this.buf.subarray(after + 2);
    this.phase = 'mediaHeaders';
    return true;
  }

  private async readMedia(): Promise<boolean> {
    const idx = this.buf.indexOf(this.delimiter);
    if (idx >= 0) {
      if (idx > 0) await this.onData(this.buf.subarray(0, idx));
      this.buf = this.buf.subarray(idx + this.delimiter.length);
      this.phase = 'epilogue';
      return true;
    }
    // Keep a tail that might be the start of the delimiter.
    const keep = Math.min(this.buf.length, this.delimiter.length - 1);
    const emit = this.buf.length - keep;
    if (emit > 0) {
      await this.onData(this.buf.subarray(0, emit));
      this.buf = Buffer.from(this.buf.subarray(emit));
    }
    return false;
  }

  private readEpilogue(final: boolean): boolean {
    if (this.buf.length < 2) {
      if (final) throw new HttpError(400, 'multipart body ends without the closing boundary');
      return false;
    }
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.buf = Buffer.alloc(0);
      this.phase = 'done'; // anything after the close delimiter is ignored
      return false;
    }
    throw new HttpError(400, 'multipart upload has more than two parts');
  }
}

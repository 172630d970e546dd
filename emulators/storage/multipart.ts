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
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const CRLF = Buffer.from('\r\n');
  const HEADER_END = Buffer.from('\r\n\r\n');

  type Phase =
    'preamble' | 'metaHeaders' | 'metaBody' | 'mediaHeaders' | 'media' | 'epilogue' | 'done';
  let phase = 'preamble' as Phase;
  let buf: Buffer = Buffer.alloc(0);
  let metadataText = '';
  let metadataHeaders: Record<string, string> = {};
  let mediaHeaders: Record<string, string> = {};

  /** Reads a header block at the start of buf; returns null if more bytes are needed. */
  const takeHeaders = (): Record<string, string> | null => {
    if (buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a) {
      buf = buf.subarray(2);
      return {};
    }
    const end = buf.indexOf(HEADER_END);
    if (end < 0) {
      if (buf.length > MAX_HEADER_BYTES)
        throw new HttpError(400, 'multipart part headers too large');
      return null;
    }
    const headers = parseHeaders(buf.subarray(0, end).toString('latin1'));
    buf = buf.subarray(end + HEADER_END.length);
    return headers;
  };

  const step = async (final: boolean): Promise<boolean> => {
    switch (phase) {
      case 'preamble': {
        const idx = buf.indexOf(dashBoundary);
        if (idx < 0) {
          if (buf.length > MAX_HEADER_BYTES)
            throw new HttpError(400, 'multipart body does not start with the boundary');
          return false;
        }
        const after = idx + dashBoundary.length;
        if (buf.length < after + 2) return false;
        if (!buf.subarray(after, after + 2).equals(CRLF)) {
          throw new HttpError(400, 'multipart body has no parts');
        }
        buf = buf.subarray(after + 2);
        phase = 'metaHeaders';
        return true;
      }
      case 'metaHeaders': {
        const h = takeHeaders();
        if (!h) return false;
        metadataHeaders = h;
        phase = 'metaBody';
        return true;
      }
      case 'metaBody': {
        const idx = buf.indexOf(delimiter);
        if (idx < 0) {
          if (buf.length > MAX_METADATA_BYTES)
            throw new HttpError(400, 'multipart metadata part too large');
          return false;
        }
        const after = idx + delimiter.length;
        if (buf.length < after + 2) return false;
        metadataText = buf.subarray(0, idx).toString('utf8');
        const next = buf.subarray(after, after + 2);
        if (!next.equals(CRLF))
          throw new HttpError(400, 'multipart upload is missing the media part');
        buf = buf.subarray(after + 2);
        phase = 'mediaHeaders';
        return true;
      }
      case 'mediaHeaders': {
        const h = takeHeaders();
        if (!h) return false;
        mediaHeaders = h;
        phase = 'media';
        return true;
      }
      case 'media': {
        const idx = buf.indexOf(delimiter);
        if (idx >= 0) {
          if (idx > 0) await onData(buf.subarray(0, idx));
          buf = buf.subarray(idx + delimiter.length);
          phase = 'epilogue';
          return true;
        }
        // Keep a tail that might be the start of the delimiter.
        const keep = Math.min(buf.length, delimiter.length - 1);
        const emit = buf.length - keep;
        if (emit > 0) {
          await onData(buf.subarray(0, emit));
          buf = Buffer.from(buf.subarray(emit));
        }
        return false;
      }
      case 'epilogue': {
        if (buf.length < 2) {
          if (final) throw new HttpError(400, 'multipart body ends without the closing boundary');
          return false;
        }
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          buf = Buffer.alloc(0);
          phase = 'done'; // anything after the close delimiter is ignored
          return false;
        }
        throw new HttpError(400, 'multipart upload has more than two parts');
      }
      case 'done':
        buf = Buffer.alloc(0);
        return false;
    }
  };

  for await (const chunk of body) {
    if ((phase as string) === 'done') continue; // drain the epilogue
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (await step(false));
  }
  if ((phase as string) !== 'done') {
    while (await step(true));
    if ((phase as string) !== 'done') throw new HttpError(400, 'multipart body is truncated');
  }
  return { metadataText, metadataHeaders, mediaHeaders };
}

/**
 * Compression redraws the photo and drops its EXIF, but the server reads when a proof was taken
 * from the stored photo's own EXIF (docs/security.md, "Proof checks"). So the original's
 * DateTimeOriginal and OffsetTimeOriginal, and nothing else (no place, no camera, no orientation:
 * the compressed pixels are already upright), are written back into the compressed JPEG.
 */

const EXIF_TIME = /^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const EXIF_IFD_POINTER = 0x8769;
const ASCII = 2;
const LONG = 4;
const EXIF_HEAD_BYTES = 128 * 1024;

/** JPEG, or an ISO-BMFF picture (HEIC, AVIF): the photos a camera writes a capture time into. */
const mayCarryExif = (head: Uint8Array) =>
  (head[0] === 0xff && head[1] === 0xd8) || String.fromCharCode(...head.subarray(4, 8)) === 'ftyp';

/** The original's capture time as EXIF text, or nothing when it has none or is not a photo. */
async function readTimeTags(original: Blob): Promise<Array<[number, string]>> {
  try {
    // EXIF sits in the file's first segment (at most 64 KB): a phone's 10 MB photo is not read whole.
    const head = await original.slice(0, EXIF_HEAD_BYTES).arrayBuffer();
    // exifr loads only for a photo that can hold a capture time.
    if (!mayCarryExif(new Uint8Array(head))) return [];
    const { default: exifr } = await import('exifr');
    const tags = (await exifr.parse(head, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
    })) as { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown } | undefined;
    const time = String(tags?.DateTimeOriginal ?? '');
    if (!EXIF_TIME.test(time)) return [];
    const offset = String(tags?.OffsetTimeOriginal ?? '');
    return [
      [DATE_TIME_ORIGINAL, time],
      ...(EXIF_OFFSET.test(offset) ? [[OFFSET_TIME_ORIGINAL, offset] as [number, string]] : []),
    ];
  } catch {
    return [];
  }
}

/** An APP1 segment holding a little-endian TIFF: IFD0 points to an Exif IFD with these ASCII tags. */
function exifSegment(tags: Array<[number, string]>): Uint8Array<ArrayBuffer> {
  const exifIfdAt = 8 + 2 + 12 + 4;
  const valuesAt = exifIfdAt + 2 + 12 * tags.length + 4;
  const texts = tags.map(([, text]) => `${text}\0`);
  const tiffLength = valuesAt + texts.reduce((sum, text) => sum + text.length, 0);
  const segment = new Uint8Array(4 + 6 + tiffLength);
  const view = new DataView(segment.buffer);
  view.setUint16(0, 0xffe1);
  view.setUint16(2, segment.length - 2);
  segment.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // "Exif\0\0"
  const tiff = new DataView(segment.buffer, 10);
  tiff.setUint16(0, 0x4949); // "II": little-endian
  tiff.setUint16(2, 42, true);
  tiff.setUint32(4, 8, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.setUint16(at, tag, true);
    tiff.setUint16(at + 2, type, true);
    tiff.setUint32(at + 4, count, true);
    tiff.setUint32(at + 8, value, true);
  };
  tiff.setUint16(8, 1, true);
  entry(10, EXIF_IFD_POINTER, LONG, 1, exifIfdAt);
  tiff.setUint32(22, 0, true);
  tiff.setUint16(exifIfdAt, tags.length, true);
  let valueAt = valuesAt;
  tags.forEach(([tag], index) => {
    entry(exifIfdAt + 2 + 12 * index, tag, ASCII, texts[index].length, valueAt);
    for (const [offset, char] of [...texts[index]].entries())
      tiff.setUint8(valueAt + offset, char.charCodeAt(0));
    valueAt += texts[index].length;
  });
  tiff.setUint32(exifIfdAt + 2 + 12 * tags.length, 0, true);
  return segment;
}

/**
 * The compressed JPEG with the original's capture time in its EXIF; the compressed photo as it is
 * when the original has none (many apps strip it) or the result is not a JPEG.
 */
export async function keepCaptureTime(original: Blob, compressed: Blob): Promise<Blob> {
  const tags = await readTimeTags(original);
  if (tags.length === 0) return compressed;
  const bytes = new Uint8Array(await compressed.arrayBuffer());
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return compressed;
  // Right after the start-of-image marker, where readers look first.
  return new Blob([bytes.subarray(0, 2), exifSegment(tags), bytes.subarray(2)], {
    type: 'image/jpeg',
  });
}

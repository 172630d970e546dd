import exifr from 'exifr';
import { zonedTimeToEpochMs } from '@domain/calendar-dates';
import { CAPTURED_AT_BOUNDS } from '@domain/challenges/proof-review';

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * When the stored photo says it was taken: its own EXIF DateTimeOriginal, at its OffsetTimeOriginal
 * when it has one, else as a wall-clock time in the challenge's zone (phones write local time). Read
 * on the server from the stored bytes, never from the request; undefined when the photo has none,
 * or one outside 2000-2100 (a camera with no clock set). Advisory (docs/security.md, "Proof checks").
 */
export async function readCaptureTime(
  bytes: Buffer,
  timeZone: string,
): Promise<number | undefined> {
  let tags: { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown } | undefined;
  try {
    tags = await exifr.parse(bytes, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
    });
  } catch {
    return undefined;
  }
  const time = EXIF_TIME.exec(String(tags?.DateTimeOriginal ?? ''));
  if (!time) return undefined;
  const [year, month, day, hour, minute, second] = time.slice(1).map(Number);
  const offset = EXIF_OFFSET.exec(String(tags?.OffsetTimeOriginal ?? ''));
  const at = offset
    ? Date.UTC(year, month - 1, day, hour, minute, second) -
      (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000
    : zonedTimeToEpochMs(time.slice(1, 4).join('-'), hour, minute, timeZone) + second * 1000;
  return at >= CAPTURED_AT_BOUNDS.min && at <= CAPTURED_AT_BOUNDS.max ? at : undefined;
}

// @vitest-environment node
import exifr from 'exifr';
import sharp from 'sharp';
import { keepCaptureTime } from './keep-capture-time';

const picture = (exif?: Record<string, Record<string, string>>) => {
  const image = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
};
const blob = (bytes: Buffer | Uint8Array) => new Blob([new Uint8Array(bytes)]);
const bytesOf = async (file: Blob) => Buffer.from(await file.arrayBuffer());

it("writes the original's capture time, and its offset, into the compressed photo's EXIF", async () => {
  const original = await picture({
    IFD0: { Make: 'Phone', Model: 'Camera' },
    IFD2: { DateTimeOriginal: '2026:11:26 13:05:00', OffsetTimeOriginal: '+05:30' },
  });
  const compressed = await picture();
  const kept = await bytesOf(await keepCaptureTime(blob(original), blob(compressed)));
  expect(await exifr.parse(kept, { reviveValues: false })).toEqual({
    DateTimeOriginal: '2026:11:26 13:05:00',
    OffsetTimeOriginal: '+05:30',
  });
  // Still a picture, the compressed one, and nothing else of the original's EXIF.
  expect(await sharp(kept).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
});

it('keeps the time without an offset; leaves the photo as it is when the original has no time', async () => {
  const original = await picture({ IFD2: { DateTimeOriginal: '2026:11:26 13:05:00' } });
  const kept = await bytesOf(await keepCaptureTime(blob(original), blob(await picture())));
  expect(await exifr.parse(kept, { reviveValues: false })).toEqual({
    DateTimeOriginal: '2026:11:26 13:05:00',
  });
  const compressed = blob(await picture());
  expect(await keepCaptureTime(blob(await picture()), compressed)).toBe(compressed);
  expect(await keepCaptureTime(new Blob(['%PDF-1.7 not a photo']), compressed)).toBe(compressed);
});

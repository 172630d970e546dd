import sharp from 'sharp';
import { readProofCaptureTime } from './read-proof-capture-time';

const photo = (exif?: Record<string, Record<string, string>>) => {
  const image = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
};

it("reads a photo's EXIF DateTimeOriginal, in the camera's local time", async () => {
  const bytes = await photo({ IFD2: { DateTimeOriginal: '2026:11:26 13:05:00' } });
  const takenAt = await readProofCaptureTime(new Blob([new Uint8Array(bytes)]));
  expect(takenAt).toBe(new Date(2026, 10, 26, 13, 5, 0).getTime());
});

it('reads nothing from a photo without EXIF, or from a file that is not a photo', async () => {
  expect(await readProofCaptureTime(new Blob([new Uint8Array(await photo())]))).toBe(undefined);
  expect(await readProofCaptureTime(new Blob(['%PDF-1.7 not a photo']))).toBe(undefined);
});

it('ignores a capture time from a camera whose clock was never set (before 2000)', async () => {
  const bytes = await photo({ IFD2: { DateTimeOriginal: '1980:01:01 00:00:00' } });
  expect(await readProofCaptureTime(new Blob([new Uint8Array(bytes)]))).toBe(undefined);
});

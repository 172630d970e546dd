import sharp from 'sharp';
import { seededRandom } from '@domain/seeded-random';

/**
 * A photo-like JPEG made in the test (no fixture files): a seeded scene of coloured shapes over a
 * gradient, 1600×1200 as the app's compression sends them. Different seeds: different pictures.
 */
export async function mealPhoto(seed: string, width = 1600, height = 1200): Promise<Buffer> {
  const random = seededRandom(seed);
  const colour = () =>
    `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes = Array.from({ length: 14 }, () => {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const r = 60 + Math.floor(random() * 260);
    return random() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour()}"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${2 * r}" height="${r}" fill="${colour()}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The ways a member might pass one picture off as another proof. */
export async function disguisedCopies(photo: Buffer): Promise<Record<string, Buffer>> {
  return {
    'saved again at quality 40': await sharp(photo).jpeg({ quality: 40 }).toBuffer(),
    'resized to 800 px': await sharp(photo).resize(800).jpeg({ quality: 70 }).toBuffer(),
    'with bytes appended': Buffer.concat([photo, Buffer.from('not part of the picture')]),
    'with its metadata changed': await sharp(photo)
      .withExif({ IFD0: { Copyright: 'someone else', Software: 'editor' } })
      .jpeg({ quality: 90 })
      .toBuffer(),
    'as a WebP': await sharp(photo).webp({ quality: 60 }).toBuffer(),
  };
}

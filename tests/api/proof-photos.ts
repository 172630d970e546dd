import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { seededRandom } from '../../functions/src/planner/seeded-random';

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

const FOOD_COLOURS = [
  [196, 120, 40],
  [230, 190, 90],
  [120, 160, 60],
  [200, 60, 40],
  [245, 235, 210],
  [150, 90, 50],
  [90, 130, 50],
  [235, 170, 60],
  [180, 40, 60],
  [110, 70, 40],
] as const;

/**
 * An honest photo of a plate, as members take them: a table, a round plate a little off centre,
 * 3-6 portions of food in food colours and some crumbs. Every seed is another meal of the same
 * kind, so these are as alike as distinct proofs get (the false-match measure's pictures).
 */
export async function platePhoto(seed: string, width = 1600, height = 1200): Promise<Buffer> {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const tint = ([r, g, b]: readonly number[], spread = 30) =>
    `rgb(${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c + between(-spread, spread))))).join(',')})`;
  const table = tint([140, 100, 70], 60);
  const [cx, cy] = [width * between(0.42, 0.58), height * between(0.42, 0.58)];
  const plateR = height * between(0.36, 0.46);
  const portions = Array.from({ length: 3 + Math.floor(random() * 4) }, () => {
    const angle = random() * 2 * Math.PI;
    const reach = plateR * between(0, 0.55);
    const colour = tint(FOOD_COLOURS[Math.floor(random() * FOOD_COLOURS.length)]);
    return `<ellipse cx="${cx + Math.cos(angle) * reach}" cy="${cy + Math.sin(angle) * reach}"
      rx="${plateR * between(0.15, 0.35)}" ry="${plateR * between(0.12, 0.3)}"
      transform="rotate(${between(0, 180)} ${cx} ${cy})" fill="${colour}"/>`;
  }).join('');
  const crumbs = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${between(0, width)}" cy="${between(0, height)}" r="${between(3, 12)}" fill="${tint([90, 60, 40], 40)}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="t" x1="0" y1="0" x2="${between(0, 1)}" y2="1">
      <stop offset="0" stop-color="${table}"/><stop offset="1" stop-color="${tint([110, 80, 55], 40)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#t)"/>${crumbs}
    <circle cx="${cx}" cy="${cy}" r="${plateR}" fill="${tint([240, 238, 230], 12)}"/>
    <circle cx="${cx}" cy="${cy}" r="${plateR * 0.8}" fill="${tint([250, 248, 242], 8)}"/>
    ${portions}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Cut `share` of the picture from each side, then save it as a JPEG. */
async function cropped(photo: Buffer, share: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const [left, top] = [Math.round(width * share), Math.round(height * share)];
  return sharp(photo)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Issue 41: the copies of another member's proof that must be held (docs/security.md, "Proof checks"). */
export async function copyVariants(photo: Buffer): Promise<Record<string, Buffer>> {
  return {
    're-encoded at quality 30': await sharp(photo).jpeg({ quality: 30 }).toBuffer(),
    'resized to 640 px': await sharp(photo).resize(640).jpeg({ quality: 60 }).toBuffer(),
    mirrored: await sharp(photo).flop().jpeg({ quality: 60 }).toBuffer(),
    'rotated 90°': await sharp(photo).rotate(90).jpeg({ quality: 60 }).toBuffer(),
    'rotated 180°': await sharp(photo).rotate(180).jpeg({ quality: 60 }).toBuffer(),
    'rotated 270°': await sharp(photo).rotate(270).jpeg({ quality: 60 }).toBuffer(),
    'cropped 2.5 % each side': await cropped(photo, 0.025),
    'cropped 6 % each side': await cropped(photo, 0.06),
    'cropped 8.5 % each side': await cropped(photo, 0.085),
    'cropped 10 % each side': await cropped(photo, 0.1),
  };
}

/** The picture with its EXIF DateTimeOriginal (local wall-clock text) and, when given, its offset. */
export async function withCaptureTime(
  photo: Buffer,
  dateTimeOriginal: string,
  offsetTimeOriginal?: string,
): Promise<Buffer> {
  return sharp(photo)
    .withExif({
      IFD0: { Make: 'Phone' },
      IFD2: {
        DateTimeOriginal: dateTimeOriginal,
        ...(offsetTimeOriginal && { OffsetTimeOriginal: offsetTimeOriginal }),
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A one-colour (white) PNG of any size, a few hundred KB or less however many pixels it claims: one
 * bit a pixel, compressed. What a member could upload to make the server decode gigabytes.
 */
export function plainPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const frame = Buffer.alloc(8);
    frame.writeUInt32BE(data.length, 0);
    frame.writeUInt32BE(crc32(body), 4);
    return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter "none"
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The picture with an EXIF capture time of `at` (epoch ms, whole seconds), written in UTC with its offset. */
export const photoTakenAt = (photo: Buffer, at: number): Promise<Buffer> =>
  withCaptureTime(
    photo,
    new Date(at).toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', ':'),
    '+00:00',
  );

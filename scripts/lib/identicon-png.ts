import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A GitHub-style identicon as a PNG: a mirrored 5×5 grid in a colour derived
 * from the seed. Demo avatars need real raster images (storage.rules refuse SVG).
 */
export function identiconPng(seed: string, size = 120): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const colour = [hash[0] % 160, 80 + (hash[1] % 140), 60 + (hash[2] % 140)];
  const background = [240, 244, 241];
  const cells = 5;
  const filled = (row: number, column: number) => {
    const mirrored = column < 3 ? column : cells - 1 - column;
    return (hash[3 + row * 3 + mirrored] & 1) === 1;
  };
  const cell = Math.floor(size / (cells + 1));
  const margin = Math.floor((size - cell * cells) / 2);

  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const rowStart = y * (size * 3 + 1);
    rows[rowStart] = 0; // PNG filter type "none"
    for (let x = 0; x < size; x++) {
      const gridX = Math.floor((x - margin) / cell);
      const gridY = Math.floor((y - margin) / cell);
      const inGrid = gridX >= 0 && gridX < cells && gridY >= 0 && gridY < cells;
      const rgb = inGrid && filled(gridY, gridX) ? colour : background;
      rows.set(rgb, rowStart + 1 + x * 3);
    }
  }

  return encodePng(size, rows);
}

/**
 * A demo meal photo: a seeded mosaic (8×8 tiles of unrelated colours and brightness) with a
 * plate-like disc. Each seed gives a picture far from every other's perceptual hash, so demo
 * proofs are never taken for near-duplicates of each other (functions/src/proofs/proof-hash-index.ts).
 * 400 px: a proof under 0.1 megapixel is held for review as far smaller than a camera's photo.
 */
export function mealPhotoPng(seed: string, size = 400): Buffer {
  const tiles = 8;
  let bytes = createHash('sha256').update(seed).digest();
  const tile: number[][] = [];
  for (let index = 0; index < tiles * tiles; index++) {
    if (index % 10 === 0 && index > 0)
      bytes = createHash('sha256').update(bytes).update(seed).digest();
    const at = (index % 10) * 3;
    tile.push([bytes[at], bytes[at + 1], bytes[at + 2]]);
  }
  const plate = [250, 248, 240];
  const centre = size / 2;
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const rowStart = y * (size * 3 + 1);
    rows[rowStart] = 0;
    for (let x = 0; x < size; x++) {
      const colour = tile[Math.floor((y * tiles) / size) * tiles + Math.floor((x * tiles) / size)];
      const distance = Math.hypot(x - centre, y - centre) / centre;
      // A thin rim: the tiles stay what decides the picture's hash.
      const rgb = distance > 0.8 && distance < 0.86 ? plate : colour;
      rows.set(rgb, rowStart + 1 + x * 3);
    }
  }
  return encodePng(size, rows);
}

/** An 8-bit RGB PNG of `size`×`size` from filtered rows (one filter byte, then RGB per pixel). */
function encodePng(size: number, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

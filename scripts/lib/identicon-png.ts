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

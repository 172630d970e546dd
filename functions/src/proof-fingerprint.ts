import sharp from 'sharp';
import phash from 'sharp-phash';

/**
 * What a proof photo looks like, as a 64-bit perceptual hash (DCT pHash, sharp-phash on libvips):
 * the same picture re-encoded at another quality, resized, with its metadata changed or bytes
 * appended hashes within a few bits of the original; different pictures differ in ~30 of 64.
 * docs/security.md, "Proof checks".
 */
export interface ProofFingerprint {
  /** 16 hex digits. */
  hash: string;
  width: number;
  height: number;
}

/** Formats a browser's compressed proof can have; anything else is not a meal photo. */
const PROOF_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_AN_IMAGE_MESSAGE =
  'This file is not a photo we can read (a JPEG, PNG, WebP or HEIC picture): please upload a photo of your meal';

export class NotAnImageError extends Error {
  constructor() {
    super(NOT_AN_IMAGE_MESSAGE);
    this.name = 'NotAnImageError';
  }
}

const toHex = (bits: string) =>
  Array.from({ length: bits.length / 4 }, (_, index) =>
    parseInt(bits.slice(index * 4, index * 4 + 4), 2).toString(16),
  ).join('');

/** Decodes the whole image (a valid header over garbage fails too) and hashes it. */
export async function fingerprintProof(bytes: Buffer): Promise<ProofFingerprint> {
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    if (!format || !PROOF_FORMATS.has(format) || !width || !height) throw new NotAnImageError();
    return { hash: toHex(await phash(bytes)), width, height };
  } catch {
    throw new NotAnImageError();
  }
}

const POPCOUNT = Array.from({ length: 16 }, (_, nibble) =>
  [1, 2, 4, 8].reduce((count, bit) => count + (nibble & bit ? 1 : 0), 0),
);

/** Bits that differ between two hashes. */
export function hashDistance(left: string, right: string): number {
  let distance = 0;
  for (let index = 0; index < left.length; index++)
    distance += POPCOUNT[parseInt(left[index], 16) ^ parseInt(right[index], 16)];
  return distance;
}

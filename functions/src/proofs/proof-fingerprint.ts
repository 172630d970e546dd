import sharp from 'sharp';

/**
 * What a proof photo is and looks like (docs/security.md, "Proof checks"). The header is read first
 * and a picture over MAX_PROOF_PIXELS is refused before any pixel is decoded; the decode itself is
 * bounded (limitInputPixels, failOn) and shrinks the picture to a GRID×GRID colour thumbnail on
 * load. From that thumbnail come 64-bit perceptual hashes (DCT pHash) of the picture as it is, of
 * its centre cropped by each CROP_LEVELS share, and of its 8 turns and mirrors, so a copy that was
 * re-encoded, resized, mirrored, turned or cropped hashes within a few bits of the original.
 */

/** 25 megapixels: a phone's full-size photo is 12-24; the app sends at most 1600×1600. */
export const MAX_PROOF_PIXELS = 25_000_000;
/**
 * Fewer pixels than this is far smaller than any phone camera's photo (the app sends 1600 px on
 * the longer side; 0.1 MP is about 365×274): such a picture is held for an admin.
 */
export const MIN_PROOF_PIXELS = 100_000;
/**
 * A picture whose colours all lie this close to their mean (the largest channel's standard
 * deviation on the thumbnail, 0-255) is (almost) one colour: a covered lens, a blank screen.
 */
export const PLAIN_COLOUR_SPREAD = 8;
/** Shares cut from each side of the picture whose hashes are filed too (a copy cropped 0-10 %). */
export const CROP_LEVELS = [0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1] as const;

export interface ProofFingerprint {
  /** The picture's own hash (16 hex digits), uncropped and as stored. */
  hash: string;
  /** Hashes of the picture cropped by each CROP_LEVELS share (the first is `hash`): what is filed. */
  cropHashes: string[];
  /** Hashes of its 8 turns and mirrors, uncropped (the first is `hash`): what is looked up. */
  orientationHashes: string[];
  /** 256-bit hashes (64 hex digits) of the same crops and turns: what confirms a match. */
  fineCropHashes: string[];
  fineOrientationHashes: string[];
  width: number;
  height: number;
  /** Almost one colour (see PLAIN_COLOUR_SPREAD). */
  plain: boolean;
  /** Far smaller than a phone camera's photo (see MIN_PROOF_PIXELS). */
  small: boolean;
}

/** Formats a browser's compressed proof can have; anything else is not a meal photo. */
const PROOF_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_AN_IMAGE_MESSAGE =
  'This file is not a photo we can read (a JPEG, PNG, WebP or HEIC picture): please upload a photo of your meal';
export const TOO_LARGE_MESSAGE = 'This photo is too large. Take a new one with your camera.';

export class NotAnImageError extends Error {
  constructor() {
    super(NOT_AN_IMAGE_MESSAGE);
    this.name = 'NotAnImageError';
  }
}

export class PhotoTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE_MESSAGE);
    this.name = 'PhotoTooLargeError';
  }
}

/** The thumbnail's side: fine enough to crop 3.5 % steps from, small enough to hash in ~1 ms. */
const GRID = 128;
const SAMPLE = 32;
const LOW = 8;
/** The fine hash's 16×16 lowest frequencies: 256 bits, to confirm a match the 64-bit hash found. */
const FINE_LOW = 16;

/** The header's format and size, without decoding a pixel; throws when it is not a proof picture. */
async function readHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  const header = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new NotAnImageError();
    });
  const { format, width, height } = header;
  if (!format || !PROOF_FORMATS.has(format) || !width || !height) throw new NotAnImageError();
  if (width * height > MAX_PROOF_PIXELS) throw new PhotoTooLargeError();
  return { width, height };
}

/** Decodes the whole picture (a valid header over garbage fails too) into the colour thumbnail. */
async function thumbnail(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PROOF_PIXELS, failOn: 'error', pages: 1 })
      .removeAlpha()
      .toColourspace('srgb')
      .resize(GRID, GRID, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch {
    throw new NotAnImageError();
  }
}

/** The largest of the three channels' standard deviations. */
function colourSpread(rgb: Buffer): number {
  const pixels = rgb.length / 3;
  let widest = 0;
  for (let channel = 0; channel < 3; channel++) {
    let sum = 0;
    let squares = 0;
    for (let index = channel; index < rgb.length; index += 3) {
      sum += rgb[index];
      squares += rgb[index] * rgb[index];
    }
    const mean = sum / pixels;
    widest = Math.max(widest, Math.sqrt(Math.max(0, squares / pixels - mean * mean)));
  }
  return widest;
}

function luma(rgb: Buffer): Float64Array {
  const grey = new Float64Array(GRID * GRID);
  for (let index = 0; index < grey.length; index++)
    grey[index] = 0.299 * rgb[index * 3] + 0.587 * rgb[index * 3 + 1] + 0.114 * rgb[index * 3 + 2];
  return grey;
}

/** The centre of the grey grid with `crop` cut from each side, averaged down to SAMPLE×SAMPLE. */
function sampleCentre(grey: Float64Array, crop: number): Float64Array {
  const from = crop * GRID;
  const step = ((1 - 2 * crop) * GRID) / SAMPLE;
  const taps = 4;
  const out = new Float64Array(SAMPLE * SAMPLE);
  const at = (position: number) => Math.min(GRID - 1, Math.max(0, position));
  for (let y = 0; y < SAMPLE; y++)
    for (let x = 0; x < SAMPLE; x++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++)
        for (let tx = 0; tx < taps; tx++) {
          // Bilinear taps spread over the cell: an area average of the cropped region.
          const gx = at(from + (x + (tx + 0.5) / taps) * step - 0.5);
          const gy = at(from + (y + (ty + 0.5) / taps) * step - 0.5);
          const [x0, y0] = [Math.floor(gx), Math.floor(gy)];
          const [x1, y1] = [Math.min(GRID - 1, x0 + 1), Math.min(GRID - 1, y0 + 1)];
          const [fx, fy] = [gx - x0, gy - y0];
          sum +=
            (grey[y0 * GRID + x0] * (1 - fx) + grey[y0 * GRID + x1] * fx) * (1 - fy) +
            (grey[y1 * GRID + x0] * (1 - fx) + grey[y1 * GRID + x1] * fx) * fy;
        }
      out[y * SAMPLE + x] = sum / (taps * taps);
    }
  return out;
}

/** The 8 symmetries of the square: where (x, y) of the turned or mirrored sample reads from. */
const ORIENTATIONS: Array<(x: number, y: number, last: number) => [number, number]> = [
  (x, y) => [x, y],
  (x, y, last) => [last - x, y],
  (x, y, last) => [x, last - y],
  (x, y, last) => [last - x, last - y],
  (x, y) => [y, x],
  (x, y, last) => [last - y, x],
  (x, y, last) => [y, last - x],
  (x, y, last) => [last - y, last - x],
];

function orient(sample: Float64Array, orientation: number): Float64Array {
  const out = new Float64Array(sample.length);
  const read = ORIENTATIONS[orientation];
  for (let y = 0; y < SAMPLE; y++)
    for (let x = 0; x < SAMPLE; x++) {
      const [sx, sy] = read(x, y, SAMPLE - 1);
      out[y * SAMPLE + x] = sample[sy * SAMPLE + sx];
    }
  return out;
}

const COS = Array.from({ length: FINE_LOW }, (_, frequency) =>
  Float64Array.from({ length: SAMPLE }, (_, position) =>
    Math.cos(((2 * position + 1) * frequency * Math.PI) / (2 * SAMPLE)),
  ),
);

/** pHash: the 8×8 lowest DCT frequencies, each bit set when above their median. */
function dctHash(sample: Float64Array, size = LOW): string {
  const rows = new Float64Array(SAMPLE * size);
  for (let y = 0; y < SAMPLE; y++)
    for (let u = 0; u < size; u++) {
      let sum = 0;
      for (let x = 0; x < SAMPLE; x++) sum += sample[y * SAMPLE + x] * COS[u][x];
      rows[y * size + u] = sum;
    }
  const low: number[] = [];
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      let sum = 0;
      for (let y = 0; y < SAMPLE; y++) sum += rows[y * size + u] * COS[v][y];
      low.push(sum);
    }
  const median = [...low].sort((a, b) => a - b)[low.length / 2];
  let hex = '';
  for (let nibble = 0; nibble < low.length / 4; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++)
      value = (value << 1) | (low[nibble * 4 + bit] > median ? 1 : 0);
    hex += value.toString(16);
  }
  return hex;
}

/**
 * Checks the header (NotAnImageError, PhotoTooLargeError before any decode), decodes the picture
 * within bounds and returns its hashes and what it looks like.
 */
export async function fingerprintProof(bytes: Buffer): Promise<ProofFingerprint> {
  const { width, height } = await readHeader(bytes);
  const rgb = await thumbnail(bytes);
  const grey = luma(rgb);
  const crops = CROP_LEVELS.map((crop) => sampleCentre(grey, crop));
  const turns = ORIENTATIONS.map((_, orientation) => orient(crops[0], orientation));
  return {
    hash: dctHash(crops[0]),
    cropHashes: crops.map((sample) => dctHash(sample)),
    fineCropHashes: crops.map((sample) => dctHash(sample, FINE_LOW)),
    orientationHashes: turns.map((sample) => dctHash(sample)),
    fineOrientationHashes: turns.map((sample) => dctHash(sample, FINE_LOW)),
    width,
    height,
    plain: colourSpread(rgb) < PLAIN_COLOUR_SPREAD,
    small: width * height < MIN_PROOF_PIXELS,
  };
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

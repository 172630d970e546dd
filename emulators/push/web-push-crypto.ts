/**
 * The receiving side of Web Push, with Node's crypto alone: a subscription's keys (what a browser
 * keeps), the VAPID check of RFC 8292 and the `aes128gcm` decryption of RFC 8291 / RFC 8188.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

/** What a browser keeps of a subscription: its ECDH key pair and the auth secret. */
export interface ReceiverKeys {
  ecdh: ECDH;
  /** 65-byte uncompressed P-256 point, as `keys.p256dh` (base64url) tells the sender. */
  publicKey: Buffer;
  /** 16 random bytes, as `keys.auth` (base64url). */
  authSecret: Buffer;
}

export function newReceiverKeys(): ReceiverKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { ecdh, publicKey, authSecret: randomBytes(16) };
}

/** A refusal the push endpoint answers with its status (401 VAPID, 400 body, 403 key). */
export class PushRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const P256_POINT_BYTES = 65;
/** RFC 8292 §2: a JWT expiring more than 24 hours ahead is refused. */
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

function p256PublicKey(point: Buffer) {
  if (point.length !== P256_POINT_BYTES || point[0] !== 0x04)
    throw new PushRefusal(401, 'k is not an uncompressed P-256 public key');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

function jsonPart(part: string, name: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  throw new PushRefusal(401, `the VAPID JWT's ${name} is not JSON`);
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3): an ES256 JWT signed by k,
 * whose `aud` is the push endpoint's origin and whose `exp` is ahead of `now` by at most 24 hours.
 * Returns k (base64url) for the subscription's applicationServerKey check.
 */
export function verifyVapid(
  authorization: string | undefined,
  endpointOrigin: string,
  nowMs: number,
): string {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new PushRefusal(401, 'missing "Authorization: vapid t=…, k=…"');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const [name, ...value] = part.trim().split('=');
    params.set(name.trim().toLowerCase(), value.join('=').trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new PushRefusal(401, 'the vapid authorization needs both t and k');
  const parts = token.split('.');
  if (parts.length !== 3) throw new PushRefusal(401, 'the VAPID JWT is not three parts');
  const [headerPart, claimsPart, signaturePart] = parts;
  if (jsonPart(headerPart, 'header').alg !== 'ES256')
    throw new PushRefusal(401, 'the VAPID JWT is not ES256');
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: p256PublicKey(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) throw new PushRefusal(401, 'the VAPID JWT signature does not match k');
  const claims = jsonPart(claimsPart, 'claims');
  if (claims.aud !== endpointOrigin)
    throw new PushRefusal(401, `the VAPID JWT's aud is not ${endpointOrigin}`);
  const nowS = nowMs / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= nowS)
    throw new PushRefusal(401, 'the VAPID JWT has expired (or has no exp)');
  if (claims.exp > nowS + MAX_JWT_LIFETIME_S)
    throw new PushRefusal(401, 'the VAPID JWT expires more than 24 hours ahead');
  return k;
}

const TAG_BYTES = 16;

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.3–3.4: the content key and nonce base for one message. */
function contentKeys(receiver: ReceiverKeys, senderPublic: Buffer, salt: Buffer) {
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.ecdh.computeSecret(senderPublic);
  } catch {
    throw new PushRefusal(400, "the message's keyid is not a P-256 public key");
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublic]);
  const ikm = hkdf(ecdhSecret, receiver.authSecret, keyInfo, 32);
  return {
    key: hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

function recordNonce(base: Buffer, sequence: number): Buffer {
  // RFC 8188 §2.3: the nonce base XOR the record's sequence number (big-endian).
  const nonce = Buffer.from(base);
  for (let byte = 0, rest = sequence; byte < 6 && rest > 0; byte++, rest = Math.floor(rest / 256))
    nonce[11 - byte] ^= rest % 256;
  return nonce;
}

/** Removes a record's padding (RFC 8188 §2): trailing zeros, then the delimiter 1 (more) or 2 (last). */
function unpad(record: Buffer, last: boolean): Buffer {
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  const delimiter = last ? 2 : 1;
  if (end < 0 || record[end] !== delimiter)
    throw new PushRefusal(400, 'a record has no valid padding delimiter');
  return record.subarray(0, end);
}

/** Decrypts an `aes128gcm` body (RFC 8188 header: salt, record size, keyid = the sender's public key). */
export function decryptAes128gcm(body: Buffer, receiver: ReceiverKeys): Buffer {
  if (body.length < 21) throw new PushRefusal(400, 'the body is shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  if (keyIdLength !== P256_POINT_BYTES)
    throw new PushRefusal(400, 'the keyid is not a 65-byte P-256 public key');
  if (recordSize < TAG_BYTES + 2) throw new PushRefusal(400, 'the record size is too small');
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const { key, nonce } = contentKeys(receiver, senderPublic, salt);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length === 0) throw new PushRefusal(400, 'the body has no record');
  const plain: Buffer[] = [];
  for (let start = 0, sequence = 0; start < ciphertext.length; start += recordSize, sequence++) {
    const record = ciphertext.subarray(start, start + recordSize);
    if (record.length <= TAG_BYTES) throw new PushRefusal(400, 'a record is shorter than its tag');
    const decipher = createDecipheriv('aes-128-gcm', key, recordNonce(nonce, sequence));
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let opened: Buffer;
    try {
      opened = Buffer.concat([
        decipher.update(record.subarray(0, record.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new PushRefusal(400, 'the body does not decrypt with this subscription’s keys');
    }
    plain.push(unpad(opened, start + recordSize >= ciphertext.length));
  }
  return Buffer.concat(plain);
}

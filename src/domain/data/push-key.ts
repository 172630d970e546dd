/**
 * Realtime Database push keys, made here so a key needs neither the Database
 * SDK nor the network: 8 characters of creation time, then 12 random ones,
 * from an alphabet in ASCII order, so keys sort chronologically (the SDK's own
 * format). Keys minted in the same millisecond increment the random part.
 */
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = 0;
let lastRandom: number[] = [];

/**
 * The 8 time characters every push key minted at `time` (ms) starts with: keys minted at or after
 * `time` sort at or after it, keys minted before sort before it (a key range read by creation time).
 */
export function pushKeyPrefix(time: number): string {
  let rest = Math.max(0, Math.floor(time));
  let prefix = '';
  for (let i = 0; i < 8; i++) {
    prefix = PUSH_CHARS.charAt(rest % 64) + prefix;
    rest = Math.floor(rest / 64);
  }
  return prefix;
}

export function pushKey(now = Date.now()): string {
  const timePart = pushKeyPrefix(now);
  if (now === lastTime) {
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) lastRandom[i--] = 0;
    if (i >= 0) lastRandom[i]++;
  } else {
    lastRandom = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte % 64);
  }
  lastTime = now;
  return timePart + lastRandom.map((index) => PUSH_CHARS.charAt(index)).join('');
}

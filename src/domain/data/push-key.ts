/**
 * Realtime Database push keys, made here so a key needs neither the Database
 * SDK nor the network: 8 characters of creation time, then 12 random ones,
 * from an alphabet in ASCII order, so keys sort chronologically (the SDK's own
 * format). Keys minted in the same millisecond increment the random part.
 */
const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

let lastTime = 0;
let lastRandom: number[] = [];

export function pushKey(now = Date.now()): string {
  let time = now;
  let timePart = '';
  for (let i = 0; i < 8; i++) {
    timePart = PUSH_CHARS.charAt(time % 64) + timePart;
    time = Math.floor(time / 64);
  }
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

/** CRC32C (Castagnoli), as GCS reports it: base64 of the big-endian 32-bit checksum. */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export class Crc32c {
  private crc = 0xffffffff;

  update(data: Uint8Array): this {
    let c = this.crc;
    for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
    this.crc = c;
    return this;
  }

  digestBase64(): string {
    const out = Buffer.alloc(4);
    out.writeUInt32BE((this.crc ^ 0xffffffff) >>> 0);
    return out.toString('base64');
  }
}

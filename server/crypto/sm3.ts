// SM3 hash (GB/T 32905-2016), needed by SM2 decryption for its KDF and the C3 check.
// @noble/hashes has no SM3, and node's crypto only has it when its OpenSSL was built with SM3,
// so this is a small self-contained implementation. The inputs on the login path are short
// (a few blocks), so it favours a simple one-shot API with an incremental hasher underneath.

const IV = new Uint32Array([
  0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
]);

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

// T_j rotated left by j mod 32, precomputed once: the compression loop then only adds it.
const T_ROTATED = new Uint32Array(64);
for (let j = 0; j < 64; j++) T_ROTATED[j] = rotl(j < 16 ? 0x79cc4519 : 0x7a879d8a, j % 32);

const p0 = (x: number): number => x ^ rotl(x, 9) ^ rotl(x, 17);
const p1 = (x: number): number => x ^ rotl(x, 15) ^ rotl(x, 23);

/** Incremental SM3: update() any number of times, then digest() once. */
export class Sm3 {
  private readonly state = new Uint32Array(IV);
  private readonly block = new Uint8Array(64);
  private readonly w = new Uint32Array(68);
  private blockLength = 0;
  private totalLength = 0;
  private finished = false;

  update(data: Uint8Array): this {
    if (this.finished) throw new Error('SM3 digest already taken');
    let offset = 0;
    this.totalLength += data.length;
    if (this.blockLength > 0) {
      const take = Math.min(64 - this.blockLength, data.length);
      this.block.set(data.subarray(0, take), this.blockLength);
      this.blockLength += take;
      offset = take;
      if (this.blockLength < 64) return this;
      this.compress(this.block, 0);
      this.blockLength = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset), 0);
      this.blockLength = data.length - offset;
    }
    return this;
  }

  digest(): Uint8Array {
    if (this.finished) throw new Error('SM3 digest already taken');
    this.finished = true;
    const bitLength = this.totalLength * 8;
    const block = this.block;
    block[this.blockLength] = 0x80;
    block.fill(0, this.blockLength + 1);
    if (this.blockLength + 1 > 56) {
      this.compress(block, 0);
      block.fill(0);
    }
    // 64-bit big-endian bit length; JS numbers are exact up to 2^53, far beyond any input here.
    const view = new DataView(block.buffer, block.byteOffset, 64);
    view.setUint32(56, Math.floor(bitLength / 0x100000000));
    view.setUint32(60, bitLength >>> 0);
    this.compress(block, 0);
    const out = new Uint8Array(32);
    const outView = new DataView(out.buffer);
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, this.state[i]!);
    return out;
  }

  private compress(data: Uint8Array, offset: number): void {
    const w = this.w;
    for (let i = 0; i < 16; i++) {
      const o = offset + i * 4;
      w[i] = (data[o]! << 24) | (data[o + 1]! << 16) | (data[o + 2]! << 8) | data[o + 3]!;
    }
    for (let j = 16; j < 68; j++) {
      w[j] = p1(w[j - 16]! ^ w[j - 9]! ^ rotl(w[j - 3]!, 15)) ^ rotl(w[j - 13]!, 7) ^ w[j - 6]!;
    }
    const s = this.state;
    let a = s[0]!, b = s[1]!, c = s[2]!, d = s[3]!, e = s[4]!, f = s[5]!, g = s[6]!, h = s[7]!;
    // FF and GG are XOR in rounds 0-15, majority and choice in rounds 16-63.
    for (let j = 0; j < 64; j++) {
      const a12 = rotl(a, 12);
      const ss1 = rotl((a12 + e + T_ROTATED[j]!) | 0, 7);
      const wj = w[j]!;
      const ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
      const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
      const tt1 = (ff + d + (ss1 ^ a12) + (wj ^ w[j + 4]!)) | 0;
      const tt2 = (gg + h + ss1 + wj) | 0;
      d = c;
      c = rotl(b, 9);
      b = a;
      a = tt1;
      h = g;
      g = rotl(f, 19);
      f = e;
      e = p0(tt2);
    }
    s[0] = s[0]! ^ a; s[1] = s[1]! ^ b; s[2] = s[2]! ^ c; s[3] = s[3]! ^ d;
    s[4] = s[4]! ^ e; s[5] = s[5]! ^ f; s[6] = s[6]! ^ g; s[7] = s[7]! ^ h;
  }
}

/** SM3 digest (32 bytes) of the concatenation of the given parts. */
export function sm3(...parts: Uint8Array[]): Uint8Array {
  const hasher = new Sm3();
  for (const part of parts) hasher.update(part);
  return hasher.digest();
}

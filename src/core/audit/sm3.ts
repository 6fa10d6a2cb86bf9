// SM3 cryptographic hash (GB/T 32905-2016, also ISO/IEC 10118-3:2018), written from the
// specification. 256-bit digest, 512-bit blocks, Merkle–Damgård padding like SHA-256.
const IV = [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e];

const rotl = (x: number, n: number): number => ((x << (n & 31)) | (x >>> ((32 - (n & 31)) & 31))) >>> 0;
const p0 = (x: number): number => (x ^ rotl(x, 9) ^ rotl(x, 17)) >>> 0;
const p1 = (x: number): number => (x ^ rotl(x, 15) ^ rotl(x, 23)) >>> 0;

/** T_j rotated left by j mod 32, precomputed for the 64 rounds. */
const TJ_ROT: number[] = Array.from({ length: 64 }, (_, j) => rotl(j < 16 ? 0x79cc4519 : 0x7a879d8a, j % 32));

const W = new Uint32Array(68);
const W1 = new Uint32Array(64);

function compress(v: Uint32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const o = offset + i * 4;
    W[i] = ((block[o] << 24) | (block[o + 1] << 16) | (block[o + 2] << 8) | block[o + 3]) >>> 0;
  }
  for (let j = 16; j < 68; j++) {
    W[j] = (p1(W[j - 16] ^ W[j - 9] ^ rotl(W[j - 3], 15)) ^ rotl(W[j - 13], 7) ^ W[j - 6]) >>> 0;
  }
  for (let j = 0; j < 64; j++) W1[j] = (W[j] ^ W[j + 4]) >>> 0;

  let a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
  for (let j = 0; j < 64; j++) {
    const a12 = rotl(a, 12);
    const ss1 = rotl((a12 + e + TJ_ROT[j]) >>> 0, 7);
    const ss2 = (ss1 ^ a12) >>> 0;
    const ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
    const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
    const tt1 = ((ff >>> 0) + d + ss2 + W1[j]) >>> 0;
    const tt2 = ((gg >>> 0) + h + ss1 + W[j]) >>> 0;
    d = c;
    c = rotl(b, 9);
    b = a;
    a = tt1;
    h = g;
    g = rotl(f, 19);
    f = e;
    e = p0(tt2);
  }
  v[0] ^= a;
  v[1] ^= b;
  v[2] ^= c;
  v[3] ^= d;
  v[4] ^= e;
  v[5] ^= f;
  v[6] ^= g;
  v[7] ^= h;
}

/** SM3 digest of `data` (32 bytes). */
export function sm3(data: Uint8Array): Uint8Array {
  const v = Uint32Array.from(IV);
  const fullBlocks = Math.floor(data.length / 64);
  for (let i = 0; i < fullBlocks; i++) compress(v, data, i * 64);
  // Padding: 0x80, zeros, then the 64-bit big-endian bit length.
  const rest = data.length - fullBlocks * 64;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(data.subarray(fullBlocks * 64));
  tail[rest] = 0x80;
  const bits = data.length * 8;
  const hi = Math.floor(bits / 0x100000000);
  const lo = bits >>> 0;
  const end = tail.length;
  tail[end - 8] = (hi >>> 24) & 0xff;
  tail[end - 7] = (hi >>> 16) & 0xff;
  tail[end - 6] = (hi >>> 8) & 0xff;
  tail[end - 5] = hi & 0xff;
  tail[end - 4] = (lo >>> 24) & 0xff;
  tail[end - 3] = (lo >>> 16) & 0xff;
  tail[end - 2] = (lo >>> 8) & 0xff;
  tail[end - 1] = lo & 0xff;
  for (let o = 0; o < tail.length; o += 64) compress(v, tail, o);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[i * 4] = v[i] >>> 24;
    out[i * 4 + 1] = (v[i] >>> 16) & 0xff;
    out[i * 4 + 2] = (v[i] >>> 8) & 0xff;
    out[i * 4 + 3] = v[i] & 0xff;
  }
  return out;
}

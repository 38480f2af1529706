// SHA-256 (FIPS 180-4) of a short text, for the host tag in temporaries' names (atomic-write.ts):
// every conversion that writes a file names a temporary, and node:crypto costs a fresh process
// 2.5 ms to load (Node 20, shared 2-core machine) for this one digest of the host name. Longer
// inputs (files' digests in the manifest) keep node:crypto, which is faster on them.

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Uint32Array(64);
/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = new Uint32Array(8);

function fillConstants(): void {
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  const frac32 = (x: number) => Math.floor((x - Math.floor(x)) * 2 ** 32) >>> 0;
  primes.forEach((p, i) => {
    K[i] = frac32(Math.cbrt(p));
    if (i < 8) H0[i] = frac32(Math.sqrt(p));
  });
}

/** SHA-256 of `text`'s UTF-8 bytes, lowercase hex. */
export function sha256HexOfText(text: string): string {
  if (K[0] === 0) fillConstants();
  const data = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros, and its length in bits (64-bit big-endian): a whole number of 64-byte blocks.
  const blocks = Math.ceil((data.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = data.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block * 64 + t * 4);
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15]!;
      const w2 = w[t - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = w[t - 16]! + s0 + w[t - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    // Uint32Array stores each sum modulo 2³².
    [a, b, c, d, e, f, g, hh].forEach((x, i) => (h[i] = h[i]! + x));
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}

// Texture coordinates between v-down and v-up conventions: v → 1 − v in (u, v) pairs (Transport
// Fever's reader). A NaN v is kept with its sign and payload and quieted, as `1 − v` in
// TypeScript gives it (V8 on x86-64 and ARM64), so that the Asset is the same whether the flip
// runs here or in the twin; WebAssembly's own f32.sub leaves that NaN open. Alternatives,
// measured on the speed bar's tiled mrfixit as TF (14,888 pairs, shared 2-core machine): the loop
// in TypeScript, 17.6 µs (about a tenth of the parse); this kernel with its copies in and out,
// 9.8 µs against that loop's 18.1 in one interleaved loop at load 5–7.

/** dst[2k] = src[2k], dst[2k + 1] = 1 − src[2k + 1] (a NaN: its bits with the quiet bit set) over `count` floats; dst may be src. */
export function flipV(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Lanes 1 and 3 flipped (a NaN there quieted), lanes 0 and 2 moved as they are.
    const one = f32x4.splat(1);
    const quiet = i32x4.splat(0x00400000);
    const even = i32x4(-1, 0, -1, 0);
    for (; i + 4 <= count; i += 4) {
      const v = v128.load(src + (<usize>i << 2));
      const flipped = v128.bitselect(v128.or(v, quiet), f32x4.sub(one, v), f32x4.ne(v, v));
      v128.store(dst + (<usize>i << 2), v128.bitselect(v, flipped, even));
    }
  }
  for (; i < count; i++) {
    const at = <usize>i << 2;
    const bits = load<u32>(src + at);
    const v = reinterpret<f32>(bits);
    if ((i & 1) == 0) store<u32>(dst + at, bits);
    else if (v != v) store<u32>(dst + at, bits | 0x00400000);
    else store<f32>(dst + at, 1 - v);
  }
}

// uint16 triangles copied with their winding reversed (MeshSerializer2's Unity convention).
// Twin: bindings/kernels/js/indices-u16.ts. (Their largest index: maxIndexU16 in index-range.ts.)

/**
 * dst[3t] = src[3t] + base, dst[3t + 1] = src[3t + 2] + base, dst[3t + 2] = src[3t + 1] + base
 * (uint16, wrapping); corners after the last whole triangle are copied + base.
 */
export function reverseWindingU16(src: usize, count: i32, base: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Eight triangles are three vectors; corners 6–8 and 15–17 straddle them.
    const offset = i16x8.splat(<i16>base);
    for (; i + 24 <= count; i += 24) {
      const p = src + (<usize>i << 1);
      const o = dst + (<usize>i << 1);
      const a = v128.load(p), b = v128.load(p, 16), c = v128.load(p, 32);
      v128.store(o, i16x8.add(v128.shuffle<u16>(a, b, 0, 2, 1, 3, 5, 4, 6, 8), offset));
      v128.store(o, i16x8.add(v128.shuffle<u16>(a, b, 7, 9, 11, 10, 12, 14, 13, 15), offset), 16);
      v128.store(o, i16x8.add(v128.shuffle<u16>(c, c, 1, 0, 2, 4, 3, 5, 7, 6), offset), 32);
    }
  }
  for (; i + 3 <= count; i += 3) {
    const p = src + (<usize>i << 1);
    const o = dst + (<usize>i << 1);
    const first = load<u16>(p), second = load<u16>(p, 2), third = load<u16>(p, 4);
    store<u16>(o, first + <u16>base);
    store<u16>(o, third + <u16>base, 2);
    store<u16>(o, second + <u16>base, 4);
  }
  for (; i < count; i++) store<u16>(dst + (<usize>i << 1), load<u16>(src + (<usize>i << 1)) + <u16>base);
}

// glTF normalized integers to float32: unsigned c / max, signed max(c / max, −1), where max is
// the type's largest value; elements of `components` values, `step` values apart in `src`.

// @ts-ignore: decorator
@inline function decodeNormalized<T>(src: usize, step: i32, components: i32, count: i32, dst: usize): void {
  const largest: f32 = isSigned<T>() ? (sizeof<T>() == 1 ? 127 : 32767) : (sizeof<T>() == 1 ? 255 : 65535);
  const shift = sizeof<T>() == 1 ? 0 : 1;
  let e = 0;
  if (ASC_FEATURE_SIMD && step == components) {
    // Tightly packed: 8 values at a time, as one run of count × components values.
    const total = count * components;
    const scale = f32x4.splat(largest), floor = f32x4.splat(-1);
    let i = 0;
    for (; i + 8 <= total; i += 8) {
      let wide: v128;
      if (sizeof<T>() == 1) {
        const bytes = v128.load64_zero(src + <usize>i);
        wide = isSigned<T>() ? i16x8.extend_low_i8x16_s(bytes) : i16x8.extend_low_i8x16_u(bytes);
      } else {
        wide = v128.load(src + (<usize>i << 1));
      }
      const lo = isSigned<T>() ? i32x4.extend_low_i16x8_s(wide) : i32x4.extend_low_i16x8_u(wide);
      const hi = isSigned<T>() ? i32x4.extend_high_i16x8_s(wide) : i32x4.extend_high_i16x8_u(wide);
      let a = f32x4.div(f32x4.convert_i32x4_s(lo), scale), b = f32x4.div(f32x4.convert_i32x4_s(hi), scale);
      if (isSigned<T>()) {
        a = f32x4.pmax(a, floor);
        b = f32x4.pmax(b, floor);
      }
      v128.store(dst + (<usize>i << 2), a);
      v128.store(dst + (<usize>i << 2) + 16, b);
    }
    for (; i < total; i++) store<f32>(dst + (<usize>i << 2), max<f32>(<f32>load<T>(src + (<usize>i << shift)) / largest, -1));
    return;
  }
  let o = dst;
  for (; e < count; e++) {
    const at = src + ((<usize>e * <usize>step) << shift);
    for (let c = 0; c < components; c++, o += 4) store<f32>(o, max<f32>(<f32>load<T>(at + (<usize>c << shift)) / largest, -1));
  }
}

export function decodeNormalizedI8(src: usize, step: i32, components: i32, count: i32, dst: usize): void {
  decodeNormalized<i8>(src, step, components, count, dst);
}

export function decodeNormalizedU8(src: usize, step: i32, components: i32, count: i32, dst: usize): void {
  decodeNormalized<u8>(src, step, components, count, dst);
}

export function decodeNormalizedI16(src: usize, step: i32, components: i32, count: i32, dst: usize): void {
  decodeNormalized<i16>(src, step, components, count, dst);
}

export function decodeNormalizedU16(src: usize, step: i32, components: i32, count: i32, dst: usize): void {
  decodeNormalized<u16>(src, step, components, count, dst);
}

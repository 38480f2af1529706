// IQM writer: pose channel ranges and frame ushorts straight from the tracks' keys, laid out in a
// pool (bindings/formats/iqm/quantize-frames.ts). Twin: bindings/kernels/js/iqm-frames.ts.

/**
 * Ranges of pose channels over segments of keys. `segments` holds 4 uint32 per segment: first
 * channel, float index of its first key in `pool`, components per key (1–4) and key count; each
 * segment's key k gives channels first … first + components − 1 the values pool[at + k ×
 * components + c]. `dstMin`/`dstMax` (`channelCount` floats) start at +Infinity/−Infinity and
 * take `if (v < min) min = v` (and > for max) over the segments in order: NaN is skipped and the
 * first of equal extremes (−0, +0) kept. The SIMD build finds each segment's extremes four
 * lanes at a time and merges them the same way, which keeps the same value: `pool` must have 4
 * readable floats past a segment's last key (the caller pads it).
 */
export function iqmSegmentRanges(pool: usize, segments: usize, segmentCount: i32, channelCount: i32, dstMin: usize, dstMax: usize): void {
  for (let c = 0; c < channelCount; c++) {
    store<f32>(dstMin + (<usize>c << 2), Infinity);
    store<f32>(dstMax + (<usize>c << 2), -Infinity);
  }
  for (let s = 0; s < segmentCount; s++) {
    const e = segments + (<usize>s << 4);
    const first = <usize>load<i32>(e);
    const at = pool + (<usize>load<i32>(e, 4) << 2);
    const components = load<i32>(e, 8);
    const keys = load<i32>(e, 12);
    const lo = dstMin + (first << 2);
    const hi = dstMax + (first << 2);
    if (ASC_FEATURE_SIMD) {
      // pmin(a, b) = b < a ? b : a: the running extreme is replaced only by a value strictly beyond it.
      let least = f32x4.splat(Infinity);
      let greatest = f32x4.splat(-Infinity);
      const step = <usize>components << 2;
      let p = at;
      for (let k = 0; k < keys; k++, p += step) {
        const v = v128.load(p);
        least = f32x4.pmin(least, v);
        greatest = f32x4.pmax(greatest, v);
      }
      mergeLane(lo, hi, 0, f32x4.extract_lane(least, 0), f32x4.extract_lane(greatest, 0), components);
      mergeLane(lo, hi, 1, f32x4.extract_lane(least, 1), f32x4.extract_lane(greatest, 1), components);
      mergeLane(lo, hi, 2, f32x4.extract_lane(least, 2), f32x4.extract_lane(greatest, 2), components);
      mergeLane(lo, hi, 3, f32x4.extract_lane(least, 3), f32x4.extract_lane(greatest, 3), components);
    } else {
      let p = at;
      for (let k = 0; k < keys; k++) {
        for (let c = 0; c < components; c++, p += 4) {
          const v = load<f32>(p);
          const l = lo + (<usize>c << 2), h = hi + (<usize>c << 2);
          if (v < load<f32>(l)) store<f32>(l, v);
          if (v > load<f32>(h)) store<f32>(h, v);
        }
      }
    }
  }
}

@inline function mergeLane(lo: usize, hi: usize, lane: i32, least: f32, greatest: f32, components: i32): void {
  if (lane >= components) return;
  const l = lo + (<usize>lane << 2), h = hi + (<usize>lane << 2);
  if (least < load<f32>(l)) store<f32>(l, least);
  if (greatest > load<f32>(h)) store<f32>(h, greatest);
}

/**
 * Frame ushorts column by column: `columns` holds 3 uint32 per column per animation (float index
 * in `pool` of the column's first key, floats between keys, last key used), `frameCounts` one
 * int32 per animation; for each animation, each of its frames, each column, the ushort of
 * v = pool[at + min(frame, last) × stride] as the reference compiler quantizes: 0.5 + (v −
 * offset) / scale in float32, clamped to 0..65535 and truncated, NaN to 0. `dst` gets the rows
 * one after another (`columnCount` ushorts each).
 */
export function quantizeIqmColumns(pool: usize, columns: usize, columnCount: i32, frameCounts: usize, animationCount: i32, offsets: usize, scales: usize, dst: usize): void {
  let o = dst;
  for (let a = 0; a < animationCount; a++) {
    const n = load<i32>(frameCounts + (<usize>a << 2));
    const table = columns + <usize>a * <usize>columnCount * 12;
    for (let frame = 0; frame < n; frame++) {
      let c = 0;
      if (ASC_FEATURE_SIMD) {
        const half = f32x4.splat(0.5);
        const top = i32x4.splat(65535);
        for (; c + 4 <= columnCount; c += 4) {
          const e = table + <usize>c * 12;
          let v = f32x4.splat(valueAt(pool, e, frame));
          v = f32x4.replace_lane(v, 1, valueAt(pool, e + 12, frame));
          v = f32x4.replace_lane(v, 2, valueAt(pool, e + 24, frame));
          v = f32x4.replace_lane(v, 3, valueAt(pool, e + 36, frame));
          const q = f32x4.add(half, f32x4.div(f32x4.sub(v, v128.load(offsets + (<usize>c << 2))), v128.load(scales + (<usize>c << 2))));
          // trunc_sat: NaN and negatives to 0; then at most 65535.
          const u = i32x4.min_u(i32x4.trunc_sat_f32x4_u(q), top);
          v128.store64_lane(o, i16x8.narrow_i32x4_u(u, u), 0);
          o += 8;
        }
      }
      for (; c < columnCount; c++) {
        const v = valueAt(pool, table + <usize>c * 12, frame);
        const q: f32 = <f32>0.5 + (v - load<f32>(offsets + (<usize>c << 2))) / load<f32>(scales + (<usize>c << 2));
        store<u16>(o, q >= 65535 ? 65535 : q > 0 ? <u16><i32>q : 0);
        o += 2;
      }
    }
  }
}

@inline function valueAt(pool: usize, entry: usize, frame: i32): f32 {
  const last = load<i32>(entry, 8);
  const key = frame < last ? frame : last;
  return load<f32>(pool + ((<usize>load<i32>(entry) + <usize>key * <usize>load<i32>(entry, 4)) << 2));
}

// IQM writer: float32 blend weights and colors to the ubytes the reference compiler stores.
// The arithmetic is float64 (as the TypeScript twin's), rounding half up like Math.round.

/** Math.round of x in [0, 255] stored as a ubyte (NaN becomes 0, as a Uint8Array store makes it). */
@inline function roundToU8(x: f64): u8 {
  const down = Math.floor(x);
  const up = select<f64>(down + 1, down, x - down >= 0.5);
  return <u8>select<i32>(<i32>up, 0, x >= 0);
}

/** roundToU8 of two float64 lanes, to the low two int32 lanes. */
@inline function roundLanes(x: v128): v128 {
  const down = f64x2.floor(x);
  const up = v128.bitselect(f64x2.add(down, f64x2.splat(1)), down, f64x2.ge(f64x2.sub(x, down), f64x2.splat(0.5)));
  return i32x4.trunc_sat_f64x2_s_zero(up);
}

/** A weight as the quantizer counts it: negative, −0 and NaN count as 0. */
@inline function positive(w: f32): f64 {
  return w > 0 ? <f64>w : 0;
}

/**
 * Four weights per vertex to ubytes summing to 255: each round(w / sum × 255), the rounding
 * error added to the largest (the first of equals; wrapping as a ubyte). A vertex whose
 * weights sum to 0 gets four zeros.
 */
export function iqmQuantizeWeights(src: usize, vertexCount: i32, dst: usize): void {
  let v = 0;
  // Four vertices a step, one per lane (quantizeFourVertices); the rest one at a time below.
  if (ASC_FEATURE_SIMD) for (; v + 4 <= vertexCount; v += 4) quantizeFourVertices(src + (<usize>v << 4), dst + (<usize>v << 2));
  for (; v < vertexCount; v++) {
    const p = src + (<usize>v << 4);
    const o = dst + (<usize>v << 2);
    const sum = positive(load<f32>(p)) + positive(load<f32>(p, 4)) + positive(load<f32>(p, 8)) + positive(load<f32>(p, 12));
    if (!(sum > 0)) {
      store<u32>(o, 0);
      continue;
    }
    let q0: i32, q1: i32, q2: i32, q3: i32;
    if (ASC_FEATURE_SIMD) {
      // The same float64 arithmetic two lanes at a time; NaN (∞ / ∞) truncates to 0.
      const w = f32x4.pmax(f32x4.splat(0), v128.load(p));
      const s = f64x2.splat(sum);
      const scale = f64x2.splat(255);
      const lo = roundLanes(f64x2.mul(f64x2.div(f64x2.promote_low_f32x4(w), s), scale));
      const hi = roundLanes(f64x2.mul(f64x2.div(f64x2.promote_low_f32x4(i64x2.shuffle(w, w, 1, 0)), s), scale));
      q0 = i32x4.extract_lane(lo, 0); q1 = i32x4.extract_lane(lo, 1);
      q2 = i32x4.extract_lane(hi, 0); q3 = i32x4.extract_lane(hi, 1);
    } else {
      q0 = <i32>roundToU8((positive(load<f32>(p)) / sum) * 255);
      q1 = <i32>roundToU8((positive(load<f32>(p, 4)) / sum) * 255);
      q2 = <i32>roundToU8((positive(load<f32>(p, 8)) / sum) * 255);
      q3 = <i32>roundToU8((positive(load<f32>(p, 12)) / sum) * 255);
    }
    // The largest, the first of equals.
    let largest = q0, largestAt = 0;
    largestAt = select<i32>(1, largestAt, q1 > largest); largest = max<i32>(largest, q1);
    largestAt = select<i32>(2, largestAt, q2 > largest); largest = max<i32>(largest, q2);
    largestAt = select<i32>(3, largestAt, q3 > largest); largest = max<i32>(largest, q3);
    store<u32>(o, <u32>(q0 | (q1 << 8) | (q2 << 16) | (q3 << 24)));
    store<u8>(o + <usize>largestAt, <u8>(largest + 255 - (q0 + q1 + q2 + q3)));
  }
}

/** Below this distance of a rounding's fractional part from 0.5 the float32 step defers to float64 (its error is under 5e-5). */
const TIE_MARGIN: f32 = 1e-3;

/**
 * iqmQuantizeWeights for the four vertices at `p` (16 floats) into `o` (16 bytes), lanes across
 * vertices: weight c of all four in one vector, so that the sums, the largest, the rounding error
 * and the zero-sum test are each a few instructions for four vertices. The sums are float64, in
 * the twin's order ((w0 + w1) + w2) + w3. The quotients are float32 (four a division instead of
 * two): w / sum × 255 then differs from the float64 value by less than 255 × 3 × 2^-24 ≈ 5e-5,
 * so wherever its fractional part lies at least TIE_MARGIN from 0.5 both round to the same
 * integer; a step with a lane nearer a tie (exact halves such as 0.5 / 1 × 255 included), a NaN,
 * or a sum outside float32's normal range (where it would lose that precision) is done again in
 * float64 (quantizeFourExact), so every byte is the twin's. The speed bar's mrfixit ×7 (13,027
 * vertices), each against the one-vertex float64 loop of 364d481 in one interleaved run on a
 * shared 2-core machine: four vertices a step in float64 90.8 → 77.2 µs (1.18×; the eight
 * float64 divisions a step bound it), this 90.2 → 55.8 µs (1.62×).
 */
@inline function quantizeFourVertices(p: usize, o: usize): void {
  const zero = f32x4.splat(0);
  // Negative, −0 and NaN weights count as 0 (pmax(0, w) is w only when 0 < w).
  const a = f32x4.pmax(zero, v128.load(p));
  const b = f32x4.pmax(zero, v128.load(p, 16));
  const c = f32x4.pmax(zero, v128.load(p, 32));
  const d = f32x4.pmax(zero, v128.load(p, 48));
  const abLo = i32x4.shuffle(a, b, 0, 4, 1, 5);
  const abHi = i32x4.shuffle(a, b, 2, 6, 3, 7);
  const cdLo = i32x4.shuffle(c, d, 0, 4, 1, 5);
  const cdHi = i32x4.shuffle(c, d, 2, 6, 3, 7);
  const sumAb = f64x2.add(f64x2.add(f64x2.add(f64x2.promote_low_f32x4(abLo), f64x2.promote_low_f32x4(i64x2.shuffle(abLo, abLo, 1, 0))), f64x2.promote_low_f32x4(abHi)), f64x2.promote_low_f32x4(i64x2.shuffle(abHi, abHi, 1, 0)));
  const sumCd = f64x2.add(f64x2.add(f64x2.add(f64x2.promote_low_f32x4(cdLo), f64x2.promote_low_f32x4(i64x2.shuffle(cdLo, cdLo, 1, 0))), f64x2.promote_low_f32x4(cdHi)), f64x2.promote_low_f32x4(i64x2.shuffle(cdHi, cdHi, 1, 0)));
  const some = i32x4.shuffle(f64x2.gt(sumAb, f64x2.splat(0)), f64x2.gt(sumCd, f64x2.splat(0)), 0, 2, 4, 6);
  // The sums as float32 (a, b, c, d); in float32's normal range, or the step is redone in float64.
  const sum = i64x2.shuffle(f32x4.demote_f64x2_zero(sumAb), f32x4.demote_f64x2_zero(sumCd), 0, 2);
  let ok = v128.and(f32x4.ge(sum, f32x4.splat(1.1754943508222875e-38)), f32x4.lt(sum, f32x4.splat(Infinity)));
  // Weight k of the four vertices, and its quotient × 255 in float32.
  const scale = f32x4.splat(255);
  const half = f32x4.splat(0.5);
  const margin = f32x4.splat(TIE_MARGIN);
  const x0 = f32x4.mul(f32x4.div(i64x2.shuffle(abLo, cdLo, 0, 2), sum), scale);
  const x1 = f32x4.mul(f32x4.div(i64x2.shuffle(abLo, cdLo, 1, 3), sum), scale);
  const x2 = f32x4.mul(f32x4.div(i64x2.shuffle(abHi, cdHi, 0, 2), sum), scale);
  const x3 = f32x4.mul(f32x4.div(i64x2.shuffle(abHi, cdHi, 1, 3), sum), scale);
  // |frac − 0.5| ≥ margin (false for NaN).
  ok = v128.and(ok, f32x4.ge(f32x4.abs(f32x4.sub(f32x4.sub(x0, f32x4.floor(x0)), half)), margin));
  ok = v128.and(ok, f32x4.ge(f32x4.abs(f32x4.sub(f32x4.sub(x1, f32x4.floor(x1)), half)), margin));
  ok = v128.and(ok, f32x4.ge(f32x4.abs(f32x4.sub(f32x4.sub(x2, f32x4.floor(x2)), half)), margin));
  ok = v128.and(ok, f32x4.ge(f32x4.abs(f32x4.sub(f32x4.sub(x3, f32x4.floor(x3)), half)), margin));
  // Lanes of zero sums are stored as zeros whatever their quotients.
  if (v128.any_true(v128.andnot(some, ok))) {
    quantizeFourExact(p, o);
    return;
  }
  storeFour(o, i32x4.trunc_sat_f32x4_s(f32x4.nearest(x0)), i32x4.trunc_sat_f32x4_s(f32x4.nearest(x1)), i32x4.trunc_sat_f32x4_s(f32x4.nearest(x2)), i32x4.trunc_sat_f32x4_s(f32x4.nearest(x3)), some);
}

/** quantizeFourVertices in float64 throughout, lanes two vertices wide (the twin's arithmetic). */
function quantizeFourExact(p: usize, o: usize): void {
  const zero = f32x4.splat(0);
  const a = f32x4.pmax(zero, v128.load(p));
  const b = f32x4.pmax(zero, v128.load(p, 16));
  const c = f32x4.pmax(zero, v128.load(p, 32));
  const d = f32x4.pmax(zero, v128.load(p, 48));
  // (a0 b0 a1 b1), (a2 b2 a3 b3), and the same of c and d.
  const abLo = i32x4.shuffle(a, b, 0, 4, 1, 5);
  const abHi = i32x4.shuffle(a, b, 2, 6, 3, 7);
  const cdLo = i32x4.shuffle(c, d, 0, 4, 1, 5);
  const cdHi = i32x4.shuffle(c, d, 2, 6, 3, 7);
  // Weight k of vertices a, b (and c, d) as float64.
  const ab0 = f64x2.promote_low_f32x4(abLo);
  const ab1 = f64x2.promote_low_f32x4(i64x2.shuffle(abLo, abLo, 1, 0));
  const ab2 = f64x2.promote_low_f32x4(abHi);
  const ab3 = f64x2.promote_low_f32x4(i64x2.shuffle(abHi, abHi, 1, 0));
  const cd0 = f64x2.promote_low_f32x4(cdLo);
  const cd1 = f64x2.promote_low_f32x4(i64x2.shuffle(cdLo, cdLo, 1, 0));
  const cd2 = f64x2.promote_low_f32x4(cdHi);
  const cd3 = f64x2.promote_low_f32x4(i64x2.shuffle(cdHi, cdHi, 1, 0));
  const sumAb = f64x2.add(f64x2.add(f64x2.add(ab0, ab1), ab2), ab3);
  const sumCd = f64x2.add(f64x2.add(f64x2.add(cd0, cd1), cd2), cd3);
  const scale = f64x2.splat(255);
  // q of weight k for the four vertices, as int32 lanes (a, b, c, d).
  const q0 = i64x2.shuffle(roundLanes(f64x2.mul(f64x2.div(ab0, sumAb), scale)), roundLanes(f64x2.mul(f64x2.div(cd0, sumCd), scale)), 0, 2);
  const q1 = i64x2.shuffle(roundLanes(f64x2.mul(f64x2.div(ab1, sumAb), scale)), roundLanes(f64x2.mul(f64x2.div(cd1, sumCd), scale)), 0, 2);
  const q2 = i64x2.shuffle(roundLanes(f64x2.mul(f64x2.div(ab2, sumAb), scale)), roundLanes(f64x2.mul(f64x2.div(cd2, sumCd), scale)), 0, 2);
  const q3 = i64x2.shuffle(roundLanes(f64x2.mul(f64x2.div(ab3, sumAb), scale)), roundLanes(f64x2.mul(f64x2.div(cd3, sumCd), scale)), 0, 2);
  const some = i32x4.shuffle(f64x2.gt(sumAb, f64x2.splat(0)), f64x2.gt(sumCd, f64x2.splat(0)), 0, 2, 4, 6);
  storeFour(o, q0, q1, q2, q3, some);
}

/**
 * Four vertices' quantized weights (q0…q3: weight k of vertices a, b, c, d as int32 lanes) into
 * `o`: the rounding error added to the largest (the first of equals), zeros where `some` is not
 * set (the weights sum to 0), low bytes in vertex order.
 */
@inline function storeFour(o: usize, q0: v128, q1: v128, q2: v128, q3: v128, some: v128): void {
  // The largest and where it is, the first of equals (a later one replaces it only when greater).
  let largest = q0;
  let at = i32x4.splat(0);
  let greater = i32x4.gt_s(q1, largest);
  at = v128.bitselect(i32x4.splat(1), at, greater);
  largest = i32x4.max_s(largest, q1);
  greater = i32x4.gt_s(q2, largest);
  at = v128.bitselect(i32x4.splat(2), at, greater);
  largest = i32x4.max_s(largest, q2);
  greater = i32x4.gt_s(q3, largest);
  at = v128.bitselect(i32x4.splat(3), at, greater);
  largest = i32x4.max_s(largest, q3);
  const fixed = i32x4.sub(i32x4.add(largest, i32x4.splat(255)), i32x4.add(i32x4.add(i32x4.add(q0, q1), q2), q3));
  const r0 = v128.and(v128.bitselect(fixed, q0, i32x4.eq(at, i32x4.splat(0))), some);
  const r1 = v128.and(v128.bitselect(fixed, q1, i32x4.eq(at, i32x4.splat(1))), some);
  const r2 = v128.and(v128.bitselect(fixed, q2, i32x4.eq(at, i32x4.splat(2))), some);
  const r3 = v128.and(v128.bitselect(fixed, q3, i32x4.eq(at, i32x4.splat(3))), some);
  // Low bytes (a ubyte store wraps), back to vertex order: a0 a1 a2 a3 b0 … d3.
  const r01 = i8x16.shuffle(r0, r1, 0, 16, 4, 20, 8, 24, 12, 28, 0, 0, 0, 0, 0, 0, 0, 0);
  const r23 = i8x16.shuffle(r2, r3, 0, 16, 4, 20, 8, 24, 12, 28, 0, 0, 0, 0, 0, 0, 0, 0);
  v128.store(o, i8x16.shuffle(r01, r23, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
}

/** Colors to ubytes: round(clamp(v, 0, 1) × 255), NaN to 0. */
export function iqmQuantizeColors(src: usize, count: i32, dst: usize): void {
  for (let i = 0; i < count; i++) {
    const v = <f64>load<f32>(src + (<usize>i << 2));
    store<u8>(dst + <usize>i, roundToU8(min<f64>(max<f64>(v, 0), 1) * 255));
  }
}

/** Blend indices to ubytes: −1, or the position of the first above 255 (dst then holds the ones before it). */
export function iqmJointsToUbyte(src: usize, count: i32, dst: usize): i32 {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const limit = i16x8.splat(0xff);
    for (; i + 16 <= count; i += 16) {
      const a = v128.load(src + (<usize>i << 1)), b = v128.load(src + (<usize>i << 1) + 16);
      if (v128.any_true(v128.or(i16x8.gt_u(a, limit), i16x8.gt_u(b, limit)))) break;
      v128.store(dst + <usize>i, i8x16.narrow_i16x8_u(a, b));
    }
  }
  for (; i < count; i++) {
    const v = load<u16>(src + (<usize>i << 1));
    if (v > 0xff) return i;
    store<u8>(dst + <usize>i, <u8>v);
  }
  return -1;
}

/**
 * The writer's inverse of dequantizeIqmFrames, as the reference compiler quantizes: for each
 * frame, each pose (10 floats each in `dense`), each channel whose mask bit is set, one ushort
 * (0.5 + (v − offset) / scale in float32, clamped to 0..65535 and truncated; NaN to 0), in order.
 */
export function quantizeIqmFrames(dense: usize, frameCount: i32, poseCount: i32, masks: usize, offsets: usize, scales: usize, dst: usize): void {
  let o = dst;
  let p = dense;
  for (let f = 0; f < frameCount; f++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = load<u32>(masks + (<usize>j << 2));
      const offset = offsets + <usize>j * 40;
      const scale = scales + <usize>j * 40;
      for (let k = 0; k < 10; k++) {
        if (!(mask & (1 << k))) continue;
        const c = <usize>k << 2;
        const q: f32 = <f32>0.5 + (load<f32>(p + c) - load<f32>(offset + c)) / load<f32>(scale + c);
        store<u16>(o, q >= 65535 ? 65535 : q > 0 ? <u16><i32>q : 0);
        o += 2;
      }
      p += 40;
    }
  }
}

/**
 * Per pose and channel, the least and greatest value over `frameCount` frames of dense TRS
 * (10 floats per pose per frame, frame-major), NaN ignored: `dstMin`/`dstMax` get 10 floats per
 * pose (+Infinity / −Infinity where every value is NaN or there are no frames).
 */
export function iqmChannelRanges(dense: usize, frameCount: i32, poseCount: i32, dstMin: usize, dstMax: usize): void {
  const channels = <usize>poseCount * 10;
  for (let c: usize = 0; c < channels; c++) {
    store<f32>(dstMin + (c << 2), Infinity);
    store<f32>(dstMax + (c << 2), -Infinity);
  }
  let p = dense;
  for (let f = 0; f < frameCount; f++) {
    let c: usize = 0;
    if (ASC_FEATURE_SIMD) {
      // pmin(a, b) = b < a ? b : a: a NaN value never replaces the running bound, as in the twin.
      for (; c + 4 <= channels; c += 4) {
        const v = v128.load(p + (c << 2));
        const lo = dstMin + (c << 2), hi = dstMax + (c << 2);
        v128.store(lo, f32x4.pmin(v128.load(lo), v));
        v128.store(hi, f32x4.pmax(v128.load(hi), v));
      }
    }
    for (; c < channels; c++) {
      const v = load<f32>(p + (c << 2));
      const lo = dstMin + (c << 2), hi = dstMax + (c << 2);
      if (v < load<f32>(lo)) store<f32>(lo, v);
      if (v > load<f32>(hi)) store<f32>(hi, v);
    }
    p += channels << 2;
  }
}

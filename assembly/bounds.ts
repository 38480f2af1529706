import { canonicalNaN64 } from './canonical-nan';

// Bounding boxes and spheres of xyz points, with exactly the bits of the plain loops in the
// TypeScript twin (bindings/kernels/js/bounds.ts): the box keeps the first point that is
// smallest (largest) per axis, NaN coordinates never count, and the sphere's squared radius
// is computed in float64 as JavaScript numbers would be.

/**
 * dst = [minX, minY, minZ, maxX, maxY, maxZ] over `count` points (x, y, z float32 each): per
 * axis, `if (v < min) min = v` from +Infinity (and the same for max from −Infinity), so a NaN
 * is skipped and, of −0 and +0, the first one seen is kept.
 */
export function boxOfPoints(points: usize, count: i32, dst: usize): void {
  let minX = Infinity as f32, minY = Infinity as f32, minZ = Infinity as f32;
  let maxX = -Infinity as f32, maxY = -Infinity as f32, maxZ = -Infinity as f32;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    // Four points are three vectors whose lanes hold (x y z x) (y z x y) (z x y z).
    // pmin(lo, p) is p < lo ? p : lo: the scalar rule, lane by lane.
    let lo0 = f32x4.splat(Infinity), lo1 = lo0, lo2 = lo0;
    let hi0 = f32x4.splat(-Infinity), hi1 = hi0, hi2 = hi0;
    for (; v + 4 <= count; v += 4) {
      const p = points + <usize>v * 12;
      const a = v128.load(p), b = v128.load(p, 16), c = v128.load(p, 32);
      lo0 = f32x4.pmin(lo0, a); lo1 = f32x4.pmin(lo1, b); lo2 = f32x4.pmin(lo2, c);
      hi0 = f32x4.pmax(hi0, a); hi1 = f32x4.pmax(hi1, b); hi2 = f32x4.pmax(hi2, c);
    }
    minX = lower(lower(lower(lower(minX, f32x4.extract_lane(lo0, 0)), f32x4.extract_lane(lo0, 3)), f32x4.extract_lane(lo1, 2)), f32x4.extract_lane(lo2, 1));
    minY = lower(lower(lower(lower(minY, f32x4.extract_lane(lo0, 1)), f32x4.extract_lane(lo1, 0)), f32x4.extract_lane(lo1, 3)), f32x4.extract_lane(lo2, 2));
    minZ = lower(lower(lower(lower(minZ, f32x4.extract_lane(lo0, 2)), f32x4.extract_lane(lo1, 1)), f32x4.extract_lane(lo2, 0)), f32x4.extract_lane(lo2, 3));
    maxX = higher(higher(higher(higher(maxX, f32x4.extract_lane(hi0, 0)), f32x4.extract_lane(hi0, 3)), f32x4.extract_lane(hi1, 2)), f32x4.extract_lane(hi2, 1));
    maxY = higher(higher(higher(higher(maxY, f32x4.extract_lane(hi0, 1)), f32x4.extract_lane(hi1, 0)), f32x4.extract_lane(hi1, 3)), f32x4.extract_lane(hi2, 2));
    maxZ = higher(higher(higher(higher(maxZ, f32x4.extract_lane(hi0, 2)), f32x4.extract_lane(hi1, 1)), f32x4.extract_lane(hi2, 0)), f32x4.extract_lane(hi2, 3));
  }
  for (; v < count; v++) {
    const p = points + <usize>v * 12;
    const x = load<f32>(p), y = load<f32>(p, 4), z = load<f32>(p, 8);
    minX = lower(minX, x); minY = lower(minY, y); minZ = lower(minZ, z);
    maxX = higher(maxX, x); maxY = higher(maxY, y); maxZ = higher(maxZ, z);
  }
  if (ASC_FEATURE_SIMD) {
    // Lanes saw the points out of order: a zero extreme takes the sign of the first zero.
    minX = firstZero(points, count, 0, minX); minY = firstZero(points, count, 4, minY); minZ = firstZero(points, count, 8, minZ);
    maxX = firstZero(points, count, 0, maxX); maxY = firstZero(points, count, 4, maxY); maxZ = firstZero(points, count, 8, maxZ);
  }
  store<f32>(dst, minX); store<f32>(dst, minY, 4); store<f32>(dst, minZ, 8);
  store<f32>(dst, maxX, 12); store<f32>(dst, maxY, 16); store<f32>(dst, maxZ, 20);
}

// @ts-ignore: decorator
@inline function lower(current: f32, v: f32): f32 {
  return v < current ? v : current;
}

// @ts-ignore: decorator
@inline function higher(current: f32, v: f32): f32 {
  return v > current ? v : current;
}

/** `extreme`, or when it is ±0 the first coordinate at byte `offset` of a point that is ±0. */
function firstZero(points: usize, count: i32, offset: usize, extreme: f32): f32 {
  if (extreme != 0) return extreme;
  for (let v = 0; v < count; v++) {
    const c = load<f32>(points + <usize>v * 12 + offset);
    if (c == 0) return c;
  }
  return extreme;
}

/**
 * The largest (x − cx)² + (y − cy)² + (z − cz)² over `count` points, in float64 in that order
 * (Math.max from 0: a NaN distance makes the result the quiet NaN 0x7ff8000000000000).
 */
export function farthestSquaredDistance(points: usize, count: i32, cx: f64, cy: f64, cz: f64): f64 {
  let farthest: f64 = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    const centerX = f64x2.splat(cx), centerY = f64x2.splat(cy), centerZ = f64x2.splat(cz);
    // Two maxima, one per pair of points, by pmax (one instruction; f64x2.max's NaN handling
    // takes several), with NaN distances noted on the side: one f64x2.max accumulator made every
    // step wait for the one before. Tiled mrfixit's 13,284 points, wasm-simd with staging (shared
    // 2-core machine, median of 300): one f64x2.max accumulator 26.3 µs, two 17.1, two by pmax
    // 12.5. The result is the same: every distance is +0 or more, or NaN, and a NaN anywhere gives
    // the canonical NaN as before (test/unigine-bounds-kernels.test.ts).
    let acc = f64x2.splat(0), accHigh = acc, nan = acc;
    for (; v + 4 <= count; v += 4) {
      const p = points + <usize>v * 12;
      const a = v128.load(p), b = v128.load(p, 16), c = v128.load(p, 32);
      // (x0 y0 z0 x1) (y1 z1 x2 y2) (z2 x3 y3 z3) to x0..x3, y0..y3, z0..z3.
      const xs = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 0), c, 0, 1, 2, 5);
      const ys = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 0), c, 0, 1, 2, 6);
      const zs = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 0, 0), c, 0, 1, 4, 7);
      const low = squaredDistances(f64x2.promote_low_f32x4(xs), f64x2.promote_low_f32x4(ys), f64x2.promote_low_f32x4(zs), centerX, centerY, centerZ);
      const high = squaredDistances(highPair(xs), highPair(ys), highPair(zs), centerX, centerY, centerZ);
      acc = f64x2.pmax(acc, low);
      accHigh = f64x2.pmax(accHigh, high);
      nan = v128.or(nan, v128.or(f64x2.ne(low, low), f64x2.ne(high, high)));
    }
    acc = f64x2.pmax(acc, accHigh);
    farthest = v128.any_true(nan) ? NaN : max<f64>(f64x2.extract_lane(acc, 0), f64x2.extract_lane(acc, 1));
  }
  for (; v < count; v++) {
    const p = points + <usize>v * 12;
    const dx = <f64>load<f32>(p) - cx, dy = <f64>load<f32>(p, 4) - cy, dz = <f64>load<f32>(p, 8) - cz;
    farthest = max<f64>(farthest, dx * dx + dy * dy + dz * dz);
  }
  return canonicalNaN64(farthest);
}

// @ts-ignore: decorator
@inline function highPair(v: v128): v128 {
  return f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 2, 3));
}

// @ts-ignore: decorator
@inline function squaredDistances(x: v128, y: v128, z: v128, cx: v128, cy: v128, cz: v128): v128 {
  const dx = f64x2.sub(x, cx), dy = f64x2.sub(y, cy), dz = f64x2.sub(z, cz);
  return f64x2.add(f64x2.add(f64x2.mul(dx, dx), f64x2.mul(dy, dy)), f64x2.mul(dz, dz));
}

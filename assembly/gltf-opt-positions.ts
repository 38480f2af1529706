// glTF writer, optimized path: a mesh's positions quantized straight from the Asset's array
// (bindings/formats/gltf/quantize-source-positions.ts): their box on the output axes, then each
// vertex rounded onto the grid and written at its meshopt place, with the largest error and the
// box of the quantized values (the accessor's min / max, which the builder no longer has to find).
// Twin: bindings/kernels/js/gltf-opt-positions.ts.
//
// The same IEEE operations in the same order as the TypeScript loops: non-finite values as +0,
// the box by `if (v < min) min = v` in vertex order (the first of −0 / +0 kept: the SIMD lanes see
// the vertices out of order, so a zero extreme takes the sign of the first zero), q =
// min(top, max(0, roundHalfUp((v − offset) / step))) in float64 (a division, not a multiply by
// the reciprocal: the bits would differ), the error |offset + q · step − v| (no fused
// multiply-add in WebAssembly). The SIMD build takes four vertices a step, the float64 work two
// lanes at a time; pmin / pmax are exactly the loops' comparisons (f64x2.min / max, with NaN and
// −0 rules of their own, compile to longer sequences).

/** Axis `axis` (0 x, 1 y, 2 z) of vertex v on the output axes, a non-finite value as +0. */
@inline
function turned(src: usize, v: i32, axis: i32, toYUp: i32): f32 {
  const at = src + <usize>v * 12;
  let value: f32;
  if (axis == 0) value = load<f32>(at);
  else if (axis == 1) value = toYUp ? load<f32>(at, 8) : load<f32>(at, 4);
  else value = toYUp ? -load<f32>(at, 4) : load<f32>(at, 8);
  return value - value == 0 ? value : 0;
}

/** `extreme`, or when it is ±0 the first value of that axis that is ±0. */
function firstZero(src: usize, count: i32, axis: i32, toYUp: i32, extreme: f32): f32 {
  if (extreme != 0) return extreme;
  for (let v = 0; v < count; v++) {
    const c = turned(src, v, axis, toYUp);
    if (c == 0) return c;
  }
  return extreme;
}

@inline
function lower(current: f32, v: f32): f32 {
  return v < current ? v : current;
}

@inline
function higher(current: f32, v: f32): f32 {
  return v > current ? v : current;
}

/**
 * The box of `count` xyz positions at `src` turned Z-up → Y-up ((x, y, z) → (x, z, −y)) when
 * `toYUp` ≠ 0, each value not finite as +0, into `box` (six f64: min xyz, max xyz; ±Infinity when
 * `count` is 0). Returns how many values were not finite.
 */
export function sourcePositionsBox(src: usize, count: i32, toYUp: i32, box: usize): i32 {
  let replaced = 0;
  let minX = Infinity as f32, minY = Infinity as f32, minZ = Infinity as f32;
  let maxX = -Infinity as f32, maxY = -Infinity as f32, maxZ = -Infinity as f32;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    let loX = f32x4.splat(Infinity), loY = loX, loZ = loX;
    let hiX = f32x4.splat(-Infinity), hiY = hiX, hiZ = hiX;
    const zero = f32x4.splat(0);
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v * 12);
      const a = v128.load(at);
      const b = v128.load(at, 16);
      const c = v128.load(at, 32);
      let x = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
      const sy = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
      const sz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
      let y = toYUp ? sz : sy;
      let z = toYUp ? f32x4.neg(sy) : sz;
      // v − v is 0 for a finite v and NaN for ±Infinity and NaN.
      const fx = f32x4.eq(f32x4.sub(x, x), zero);
      const fy = f32x4.eq(f32x4.sub(y, y), zero);
      const fz = f32x4.eq(f32x4.sub(z, z), zero);
      const finite = v128.and(v128.and(fx, fy), fz);
      if (!i32x4.all_true(finite)) {
        replaced += 12 - popcnt<i32>(i32x4.bitmask(fx)) - popcnt<i32>(i32x4.bitmask(fy)) - popcnt<i32>(i32x4.bitmask(fz));
        x = v128.and(x, fx);
        y = v128.and(y, fy);
        z = v128.and(z, fz);
      }
      loX = f32x4.pmin(loX, x); loY = f32x4.pmin(loY, y); loZ = f32x4.pmin(loZ, z);
      hiX = f32x4.pmax(hiX, x); hiY = f32x4.pmax(hiY, y); hiZ = f32x4.pmax(hiZ, z);
    }
    minX = lower(lower(lower(lower(minX, f32x4.extract_lane(loX, 0)), f32x4.extract_lane(loX, 1)), f32x4.extract_lane(loX, 2)), f32x4.extract_lane(loX, 3));
    minY = lower(lower(lower(lower(minY, f32x4.extract_lane(loY, 0)), f32x4.extract_lane(loY, 1)), f32x4.extract_lane(loY, 2)), f32x4.extract_lane(loY, 3));
    minZ = lower(lower(lower(lower(minZ, f32x4.extract_lane(loZ, 0)), f32x4.extract_lane(loZ, 1)), f32x4.extract_lane(loZ, 2)), f32x4.extract_lane(loZ, 3));
    maxX = higher(higher(higher(higher(maxX, f32x4.extract_lane(hiX, 0)), f32x4.extract_lane(hiX, 1)), f32x4.extract_lane(hiX, 2)), f32x4.extract_lane(hiX, 3));
    maxY = higher(higher(higher(higher(maxY, f32x4.extract_lane(hiY, 0)), f32x4.extract_lane(hiY, 1)), f32x4.extract_lane(hiY, 2)), f32x4.extract_lane(hiY, 3));
    maxZ = higher(higher(higher(higher(maxZ, f32x4.extract_lane(hiZ, 0)), f32x4.extract_lane(hiZ, 1)), f32x4.extract_lane(hiZ, 2)), f32x4.extract_lane(hiZ, 3));
  }
  for (; v < count; v++) {
    const at = src + (<usize>v * 12);
    const x = load<f32>(at), sy = load<f32>(at, 4), sz = load<f32>(at, 8);
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    let fx = x;
    if (!(x - x == 0)) { fx = 0; replaced++; }
    if (!(y - y == 0)) { y = 0; replaced++; }
    if (!(z - z == 0)) { z = 0; replaced++; }
    minX = lower(minX, fx); minY = lower(minY, y); minZ = lower(minZ, z);
    maxX = higher(maxX, fx); maxY = higher(maxY, y); maxZ = higher(maxZ, z);
  }
  if (ASC_FEATURE_SIMD) {
    minX = firstZero(src, count, 0, toYUp, minX); minY = firstZero(src, count, 1, toYUp, minY); minZ = firstZero(src, count, 2, toYUp, minZ);
    maxX = firstZero(src, count, 0, toYUp, maxX); maxY = firstZero(src, count, 1, toYUp, maxY); maxZ = firstZero(src, count, 2, toYUp, maxZ);
  }
  store<f64>(box, <f64>minX); store<f64>(box, <f64>minY, 8); store<f64>(box, <f64>minZ, 16);
  store<f64>(box, <f64>maxX, 24); store<f64>(box, <f64>maxY, 32); store<f64>(box, <f64>maxZ, 40);
  return replaced;
}

/** Math.round for |x| < 2^52, halves up (bindings/formats/gltf/round-half-up.ts). */
@inline
function roundHalfUp(x: f64): f64 {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

@inline
function roundLanes(s: v128): v128 {
  const r = f64x2.floor(f64x2.add(s, f64x2.splat(0.5)));
  return v128.bitselect(f64x2.sub(r, f64x2.splat(1)), r, f64x2.gt(f64x2.sub(r, f64x2.splat(0.5)), s));
}

// The running results of quantizeSourcePositions' scalar steps (module globals: one return value).
let errorMax: f64 = 0;
let qMinX: f64 = 0, qMinY: f64 = 0, qMinZ: f64 = 0, qMaxX: f64 = 0, qMaxY: f64 = 0, qMaxZ: f64 = 0;

/** Where vertex v goes in `dst`: its meshopt place when `hasOrder`, v otherwise (4 slots a vertex). */
@inline
function place(dst: usize, order: usize, hasOrder: i32, v: i32, wide: i32): usize {
  const d = hasOrder ? load<u32>(order + (<usize>v << 2)) : <u32>v;
  return dst + (<usize>d << (wide ? 3 : 2));
}

@inline
function storeVertex(at: usize, wide: i32, qx: i32, qy: i32, qz: i32): void {
  if (wide) {
    store<i32>(at, qx | (qy << 16));
    store<i32>(at, qz, 4);
  } else {
    store<i32>(at, qx | (qy << 8) | (qz << 16));
  }
}

/** One vertex of quantizeSourcePositions, scalar. */
function gridVertex(src: usize, v: i32, toYUp: i32, ox: f64, oy: f64, oz: f64, step: f64, top: f64, order: usize, hasOrder: i32, dst: usize, wide: i32): void {
  const x = <f64>turned(src, v, 0, toYUp);
  const y = <f64>turned(src, v, 1, toYUp);
  const z = <f64>turned(src, v, 2, toYUp);
  const qx = Math.min(top, Math.max(0, roundHalfUp((x - ox) / step)));
  const qy = Math.min(top, Math.max(0, roundHalfUp((y - oy) / step)));
  const qz = Math.min(top, Math.max(0, roundHalfUp((z - oz) / step)));
  storeVertex(place(dst, order, hasOrder, v, wide), wide, <i32>qx, <i32>qy, <i32>qz);
  const ex = Math.abs(ox + qx * step - x);
  const ey = Math.abs(oy + qy * step - y);
  const ez = Math.abs(oz + qz * step - z);
  if (ex > errorMax) errorMax = ex;
  if (ey > errorMax) errorMax = ey;
  if (ez > errorMax) errorMax = ez;
  if (qx < qMinX) qMinX = qx;
  if (qy < qMinY) qMinY = qy;
  if (qz < qMinZ) qMinZ = qz;
  if (qx > qMaxX) qMaxX = qx;
  if (qy > qMaxY) qMaxY = qy;
  if (qz > qMaxZ) qMaxZ = qz;
}

/** Whether every order[v] (v < count) is below `count`. */
function orderInRange(order: usize, count: i32): bool {
  let outside: u32 = 0;
  for (let v = 0; v < count; v++) outside |= <u32>(load<u32>(order + (<usize>v << 2)) >= <u32>count);
  return outside == 0;
}

/**
 * `count` xyz positions at `src` (turned and non-finite values as +0, as sourcePositionsBox reads
 * them) rounded onto the grid `offset` (ox, oy, oz) + q · `step`, q = min(top, max(0,
 * roundHalfUp((v − offset) / step))), into `dst`: four uint16 (`wide` 1) or uint8 per vertex, the
 * fourth 0, vertex v at order[v] (u32) when `hasOrder`. `minMax` (six f64): the smallest and
 * largest q per axis (+Infinity, −Infinity when `count` is 0). Returns the largest error
 * |offset + q · step − v| (0 from the start), or −1 (`dst` unspecified) when an order[v] is not
 * below `count`.
 */
export function quantizeSourcePositions(src: usize, count: i32, toYUp: i32, ox: f64, oy: f64, oz: f64, step: f64, top: f64, order: usize, hasOrder: i32, dst: usize, wide: i32, minMax: usize): f64 {
  if (hasOrder && !orderInRange(order, count)) return -1;
  errorMax = 0;
  qMinX = Infinity; qMinY = Infinity; qMinZ = Infinity;
  qMaxX = -Infinity; qMaxY = -Infinity; qMaxZ = -Infinity;
  let v = 0;
  // The lanes' pmin / pmax are the scalar rules for numbers, not NaN: a grid that is not finite
  // (never the writer's) goes vertex by vertex.
  const usual = step > 0 && step < Infinity && ox - ox == 0 && oy - oy == 0 && oz - oz == 0;
  if (ASC_FEATURE_SIMD && usual && count >= 4) {
    const zero32 = f32x4.splat(0);
    const zero = f64x2.splat(0);
    const tops = f64x2.splat(top);
    const steps = f64x2.splat(step);
    const offX = f64x2.splat(ox), offY = f64x2.splat(oy), offZ = f64x2.splat(oz);
    let err = zero;
    let loX = f64x2.splat(Infinity), loY = loX, loZ = loX;
    let hiX = f64x2.splat(-Infinity), hiY = hiX, hiZ = hiX;
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v * 12);
      const a = v128.load(at);
      const b = v128.load(at, 16);
      const c = v128.load(at, 32);
      let x = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
      const sy = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
      const sz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
      let y = toYUp ? sz : sy;
      let z = toYUp ? f32x4.neg(sy) : sz;
      x = v128.and(x, f32x4.eq(f32x4.sub(x, x), zero32));
      y = v128.and(y, f32x4.eq(f32x4.sub(y, y), zero32));
      z = v128.and(z, f32x4.eq(f32x4.sub(z, z), zero32));
      for (let half = 0; half < 2; half++) {
        const px = f64x2.promote_low_f32x4(half ? v128.shuffle<f32>(x, x, 2, 3, 2, 3) : x);
        const py = f64x2.promote_low_f32x4(half ? v128.shuffle<f32>(y, y, 2, 3, 2, 3) : y);
        const pz = f64x2.promote_low_f32x4(half ? v128.shuffle<f32>(z, z, 2, 3, 2, 3) : z);
        // min(top, max(0, r)) is pmin(top, pmax(0, r)): r < top ? r : top of (0 < r ? r : 0).
        const qx = f64x2.pmin(tops, f64x2.pmax(zero, roundLanes(f64x2.div(f64x2.sub(px, offX), steps))));
        const qy = f64x2.pmin(tops, f64x2.pmax(zero, roundLanes(f64x2.div(f64x2.sub(py, offY), steps))));
        const qz = f64x2.pmin(tops, f64x2.pmax(zero, roundLanes(f64x2.div(f64x2.sub(pz, offZ), steps))));
        err = f64x2.pmax(err, f64x2.abs(f64x2.sub(f64x2.add(offX, f64x2.mul(qx, steps)), px)));
        err = f64x2.pmax(err, f64x2.abs(f64x2.sub(f64x2.add(offY, f64x2.mul(qy, steps)), py)));
        err = f64x2.pmax(err, f64x2.abs(f64x2.sub(f64x2.add(offZ, f64x2.mul(qz, steps)), pz)));
        loX = f64x2.pmin(loX, qx); loY = f64x2.pmin(loY, qy); loZ = f64x2.pmin(loZ, qz);
        hiX = f64x2.pmax(hiX, qx); hiY = f64x2.pmax(hiY, qy); hiZ = f64x2.pmax(hiZ, qz);
        const ix = i32x4.trunc_sat_f64x2_s_zero(qx);
        const iy = i32x4.trunc_sat_f64x2_s_zero(qy);
        const iz = i32x4.trunc_sat_f64x2_s_zero(qz);
        const k = v + (half << 1);
        if (wide) {
          const xy = v128.or(ix, i32x4.shl(iy, 16));
          store<i32>(place(dst, order, hasOrder, k, 1), i32x4.extract_lane(xy, 0));
          store<i32>(place(dst, order, hasOrder, k, 1), i32x4.extract_lane(iz, 0), 4);
          store<i32>(place(dst, order, hasOrder, k + 1, 1), i32x4.extract_lane(xy, 1));
          store<i32>(place(dst, order, hasOrder, k + 1, 1), i32x4.extract_lane(iz, 1), 4);
        } else {
          const word = v128.or(v128.or(ix, i32x4.shl(iy, 8)), i32x4.shl(iz, 16));
          store<i32>(place(dst, order, hasOrder, k, 0), i32x4.extract_lane(word, 0));
          store<i32>(place(dst, order, hasOrder, k + 1, 0), i32x4.extract_lane(word, 1));
        }
      }
    }
    // The lanes' maxima and minima (no NaN, no −0: q ≥ +0 and errors are absolute values).
    errorMax = Math.max(f64x2.extract_lane(err, 0), f64x2.extract_lane(err, 1));
    qMinX = Math.min(f64x2.extract_lane(loX, 0), f64x2.extract_lane(loX, 1));
    qMinY = Math.min(f64x2.extract_lane(loY, 0), f64x2.extract_lane(loY, 1));
    qMinZ = Math.min(f64x2.extract_lane(loZ, 0), f64x2.extract_lane(loZ, 1));
    qMaxX = Math.max(f64x2.extract_lane(hiX, 0), f64x2.extract_lane(hiX, 1));
    qMaxY = Math.max(f64x2.extract_lane(hiY, 0), f64x2.extract_lane(hiY, 1));
    qMaxZ = Math.max(f64x2.extract_lane(hiZ, 0), f64x2.extract_lane(hiZ, 1));
  }
  for (; v < count; v++) gridVertex(src, v, toYUp, ox, oy, oz, step, top, order, hasOrder, dst, wide);
  store<f64>(minMax, qMinX); store<f64>(minMax, qMinY, 8); store<f64>(minMax, qMinZ, 16);
  store<f64>(minMax, qMaxX, 24); store<f64>(minMax, qMaxY, 32); store<f64>(minMax, qMaxZ, 40);
  return errorMax;
}

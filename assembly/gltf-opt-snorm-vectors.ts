// glTF writer, optimized path: normals and tangents turned to the output axes, made unit length
// and rounded to snorm8 / snorm16 in one pass, each vertex written at its meshopt place
// (bindings/formats/gltf/unit-snorm-vectors.ts). Twin: bindings/kernels/js/gltf-opt-snorm-vectors.ts.
//
// Alternatives, measured on Box47.mesh's 93,164 normals and tangents (--optimize, cpu profile of
// many encodes on the shared 2-core machine): the TypeScript loops (normalsLoop, tangentsLoop)
// were 4.8 and 6.0 % of the encode; this kernel does the float64 work of two vertices per SIMD
// instruction (sqrt and the three divisions dominate) and writes each vertex as one or two
// 32-bit stores. The same IEEE operations in the same order as the TypeScript loops (float64
// length, each unit component rounded to float32, the snorm rounding floor(x + 0.5) with its
// correction), so the bits match; a pair of vertices with a zero or non-finite length, or whose
// rounding leaves the unit-length tolerance (the nearest-unit search), is done vertex by vertex.
// A tangent whose length is zero or not finite is listed for the caller (its replacement,
// perpendicular to the normal, stays TypeScript) and written as zeros.

/** Math.round for |x| < 2^52, halves up (bindings/formats/gltf/round-half-up.ts). */
@inline
function roundHalfUp(x: f64): f64 {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

/** Whether a float32 component is a whole number of snorm steps (within 1e-3 of one) inside −1–1. */
@inline
function onGrid(value: f64, top: f64): bool {
  const steps = value * top;
  return Math.abs(steps - roundHalfUp(steps)) <= 1e-3 && Math.abs(steps) <= top;
}

@inline
function snormStep(u: f64, top: f64): f64 {
  return roundHalfUp((u >= 1 ? 1 : u <= -1 ? -1 : u) * top);
}

@inline
function lengthError(x: f64, y: f64, z: f64, top: f64): f64 {
  return Math.abs(Math.sqrt(x * x + y * y + z * z) / top - 1);
}

// The nearest-unit search's result (module globals: AssemblyScript returns one value).
let nearX: f64 = 0;
let nearY: f64 = 0;
let nearZ: f64 = 0;

/** Of the eight roundings (floor or floor + 1 per component) of (ux, uy, uz), the one nearest unit length, into nearX/Y/Z (q kept on ties). */
function nearestUnitRounding(qx: f64, qy: f64, qz: f64, ux: f64, uy: f64, uz: f64, top: f64): void {
  let bx = qx, by = qy, bz = qz;
  let bestError = lengthError(bx, by, bz, top);
  const fx = Math.floor(Math.max(-1, Math.min(1, ux)) * top);
  const fy = Math.floor(Math.max(-1, Math.min(1, uy)) * top);
  const fz = Math.floor(Math.max(-1, Math.min(1, uz)) * top);
  for (let mask = 0; mask < 8; mask++) {
    const cx = Math.max(-top, Math.min(top, fx + <f64>(mask & 1)));
    const cy = Math.max(-top, Math.min(top, fy + <f64>((mask >> 1) & 1)));
    const cz = Math.max(-top, Math.min(top, fz + <f64>((mask >> 2) & 1)));
    const error = lengthError(cx, cy, cz, top);
    if (error < bestError) {
      bx = cx;
      by = cy;
      bz = cz;
      bestError = error;
    }
  }
  nearX = bx;
  nearY = by;
  nearZ = bz;
}

/** Four snorm values at `at`: int8 (`wide` 0) or int16. */
@inline
function store4(at: usize, wide: i32, x: f64, y: f64, z: f64, w: f64): void {
  if (wide) {
    store<i32>(at, (<i32>x & 0xffff) | (<i32>y << 16));
    store<i32>(at, (<i32>z & 0xffff) | (<i32>w << 16), 4);
  } else {
    store<i32>(at, (<i32>x & 0xff) | ((<i32>y & 0xff) << 8) | ((<i32>z & 0xff) << 16) | (<i32>w << 24));
  }
}

/** Whether every order[v] (v < count) is below `count`: the kernels write at those places only then. */
function orderInRange(order: usize, count: i32): bool {
  let highest: u32 = 0;
  for (let v = 0; v < count; v++) highest |= <u32>(load<u32>(order + (<usize>v << 2)) >= <u32>count);
  return highest == 0;
}

/** Where vertex v goes in `dst`: its meshopt place when `hasOrder`, v otherwise. */
@inline
function place(dst: usize, order: usize, hasOrder: i32, v: i32, wide: i32): usize {
  const d = hasOrder ? load<u32>(order + (<usize>v << 2)) : <u32>v;
  return dst + (<usize>d << (wide ? 3 : 2));
}

/**
 * `count` xyz normals at `src` turned Z-up → Y-up when `toYUp` ≠ 0, made unit (float64 length,
 * components rounded to float32; +Z when the length is zero or not finite), and rounded to snorm
 * (`top` 127 or 32,767) into `dst`: four int8 (`wide` 0) or int16 per vertex, the fourth 0,
 * vertex v at order[v] (a u32 array) when `hasOrder`. A source normal already on the snorm grid
 * whose length is within `limit` of 1 is rounded as it is. A rounding whose squared length lies
 * outside `lowest`–`highest` takes the nearest-unit rounding. `counts` (three u32): replaced,
 * |length − 1| > `tolerance`, 0. Returns 0, or −1 (dst unspecified) when an order[v] is not below `count`.
 */
export function snormNormals(src: usize, count: i32, toYUp: i32, top: f64, tolerance: f64, limit: f64, lowest: f64, highest: f64, order: usize, hasOrder: i32, dst: usize, wide: i32, counts: usize): i32 {
  if (hasOrder && !orderInRange(order, count)) return -1;
  let replaced: u32 = 0;
  let rescaled: u32 = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v * 12);
      const a = v128.load(at);
      const b = v128.load(at, 16);
      const c = v128.load(at, 32);
      // a = x0 y0 z0 x1, b = y1 z1 x2 y2, c = z2 x3 y3 z3.
      const x = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
      const sy = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
      const sz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
      const y = toYUp ? sz : sy;
      const z = toYUp ? f32x4.neg(sy) : sz;
      for (let half = 0; half < 2; half++) {
        const xs = half ? v128.shuffle<f32>(x, x, 2, 3, 2, 3) : x;
        const ys = half ? v128.shuffle<f32>(y, y, 2, 3, 2, 3) : y;
        const zs = half ? v128.shuffle<f32>(z, z, 2, 3, 2, 3) : z;
        const k = v + (half << 1);
        const done = pairOfVectors(f64x2.promote_low_f32x4(xs), f64x2.promote_low_f32x4(ys), f64x2.promote_low_f32x4(zs), f64x2.splat(0), 0, k, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
        if (done >= 0) {
          rescaled += <u32>done;
          continue;
        }
        for (let j = k; j < k + 2; j++) {
          const kind = snormNormal(src, j, toYUp, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
          if (kind == 2) replaced++;
          else if (kind == 1) rescaled++;
        }
      }
    }
  }
  for (; v < count; v++) {
    const kind = snormNormal(src, v, toYUp, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
    if (kind == 2) replaced++;
    else if (kind == 1) rescaled++;
  }
  store<u32>(counts, replaced);
  store<u32>(counts, rescaled, 4);
  store<u32>(counts, 0, 8);
  return 0;
}

/** Normal v of snormNormals, scalar: 2 when replaced by +Z, 1 when rescaled, else 0. */
function snormNormal(src: usize, v: i32, toYUp: i32, top: f64, tolerance: f64, limit: f64, lowest: f64, highest: f64, order: usize, hasOrder: i32, dst: usize, wide: i32): i32 {
  const at = src + (<usize>v * 12);
  const x = <f64>load<f32>(at);
  const sy = <f64>load<f32>(at, 4);
  const sz = <f64>load<f32>(at, 8);
  const y = toYUp ? sz : sy;
  const z = toYUp ? -sy : sz;
  const length = Math.sqrt(x * x + y * y + z * z);
  let nx: f64 = 0, ny: f64 = 0, nz: f64 = 1;
  let kind = 0;
  if (length > 0 && length < Infinity) {
    if (Math.abs(length - 1) > tolerance) kind = 1;
    nx = <f64><f32>(x / length);
    ny = <f64><f32>(y / length);
    nz = <f64><f32>(z / length);
  } else {
    kind = 2;
  }
  const keep = onGrid(x, top) && onGrid(y, top) && onGrid(z, top) && Math.abs(length - 1) <= limit;
  const ux = keep ? x : nx;
  const uy = keep ? y : ny;
  const uz = keep ? z : nz;
  let qx = snormStep(ux, top);
  let qy = snormStep(uy, top);
  let qz = snormStep(uz, top);
  const squared = qx * qx + qy * qy + qz * qz;
  if (squared < lowest || squared > highest) {
    nearestUnitRounding(qx, qy, qz, ux, uy, uz, top);
    qx = nearX;
    qy = nearY;
    qz = nearZ;
  }
  store4(place(dst, order, hasOrder, v, wide), wide, qx, qy, qz, 0);
  return kind;
}

/**
 * Tangents (xyzw, `count`) at `src` as snormNormals does normals, w written as ±`top` (−top when
 * w < 0; a source tangent kept as it is must have |w| = 1). A tangent whose length is zero or not
 * finite is written as four zeros and its vertex number appended to `replacedList` (u32), for the
 * caller to replace. `counts` (three u32): 0, |length − 1| > `tolerance`, w other than ±1 (every
 * tangent). Returns how many were listed, or −1 (`dst` unspecified) when an order[v] is not below `count`.
 */
export function snormTangents(src: usize, count: i32, toYUp: i32, top: f64, tolerance: f64, limit: f64, lowest: f64, highest: f64, order: usize, hasOrder: i32, dst: usize, wide: i32, counts: usize, replacedList: usize): i32 {
  if (hasOrder && !orderInRange(order, count)) return -1;
  let listed = 0;
  let rescaled: u32 = 0;
  let signs: u32 = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v << 4);
      const a = v128.load(at), b = v128.load(at, 16), c = v128.load(at, 32), d = v128.load(at, 48);
      // Four (x y z w) rows to four columns.
      const ab0 = v128.shuffle<f32>(a, b, 0, 4, 1, 5), ab1 = v128.shuffle<f32>(a, b, 2, 6, 3, 7);
      const cd0 = v128.shuffle<f32>(c, d, 0, 4, 1, 5), cd1 = v128.shuffle<f32>(c, d, 2, 6, 3, 7);
      const x = v128.shuffle<f32>(ab0, cd0, 0, 1, 4, 5);
      const sy = v128.shuffle<f32>(ab0, cd0, 2, 3, 6, 7);
      const sz = v128.shuffle<f32>(ab1, cd1, 0, 1, 4, 5);
      const w = v128.shuffle<f32>(ab1, cd1, 2, 3, 6, 7);
      const y = toYUp ? sz : sy;
      const z = toYUp ? f32x4.neg(sy) : sz;
      for (let half = 0; half < 2; half++) {
        const xs = half ? v128.shuffle<f32>(x, x, 2, 3, 2, 3) : x;
        const ys = half ? v128.shuffle<f32>(y, y, 2, 3, 2, 3) : y;
        const zs = half ? v128.shuffle<f32>(z, z, 2, 3, 2, 3) : z;
        const ws = half ? v128.shuffle<f32>(w, w, 2, 3, 2, 3) : w;
        const k = v + (half << 1);
        const done = pairOfVectors(f64x2.promote_low_f32x4(xs), f64x2.promote_low_f32x4(ys), f64x2.promote_low_f32x4(zs), f64x2.promote_low_f32x4(ws), 1, k, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
        if (done >= 0) {
          rescaled += <u32>(done & 3);
          signs += <u32>(done >> 2);
          continue;
        }
        for (let j = k; j < k + 2; j++) {
          const kind = snormTangent(src, j, toYUp, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
          if (kind & 2) {
            store<u32>(replacedList + (<usize>listed << 2), j);
            listed++;
          }
          if (kind & 1) rescaled++;
          if (kind & 4) signs++;
        }
      }
    }
  }
  for (; v < count; v++) {
    const kind = snormTangent(src, v, toYUp, top, tolerance, limit, lowest, highest, order, hasOrder, dst, wide);
    if (kind & 2) {
      store<u32>(replacedList + (<usize>listed << 2), v);
      listed++;
    }
    if (kind & 1) rescaled++;
    if (kind & 4) signs++;
  }
  store<u32>(counts, 0);
  store<u32>(counts, rescaled, 4);
  store<u32>(counts, signs, 8);
  return listed;
}

/** Tangent v of snormTangents, scalar: bit 1 rescaled, bit 2 listed for replacement, bit 4 w not ±1. */
function snormTangent(src: usize, v: i32, toYUp: i32, top: f64, tolerance: f64, limit: f64, lowest: f64, highest: f64, order: usize, hasOrder: i32, dst: usize, wide: i32): i32 {
  const at = src + (<usize>v << 4);
  const x = <f64>load<f32>(at);
  const sy = <f64>load<f32>(at, 4);
  const sz = <f64>load<f32>(at, 8);
  const w0 = <f64>load<f32>(at, 12);
  const y = toYUp ? sz : sy;
  const z = toYUp ? -sy : sz;
  const length = Math.sqrt(x * x + y * y + z * z);
  const sign: f64 = w0 < 0 ? -1 : 1;
  let kind = w0 != sign ? 4 : 0;
  const out = place(dst, order, hasOrder, v, wide);
  if (!(length > 0 && length < Infinity)) {
    store4(out, wide, 0, 0, 0, 0);
    return kind | 2;
  }
  if (Math.abs(length - 1) > tolerance) kind |= 1;
  const tx = <f64><f32>(x / length);
  const ty = <f64><f32>(y / length);
  const tz = <f64><f32>(z / length);
  const keep = onGrid(x, top) && onGrid(y, top) && onGrid(z, top) && Math.abs(w0) == 1 && Math.abs(length - 1) <= limit;
  const ux = keep ? x : tx;
  const uy = keep ? y : ty;
  const uz = keep ? z : tz;
  const uw = keep ? w0 : sign;
  let qx = snormStep(ux, top);
  let qy = snormStep(uy, top);
  let qz = snormStep(uz, top);
  const squared = qx * qx + qy * qy + qz * qz;
  if (squared < lowest || squared > highest) {
    nearestUnitRounding(qx, qy, qz, ux, uy, uz, top);
    qx = nearX;
    qy = nearY;
    qz = nearZ;
  }
  store4(out, wide, qx, qy, qz, snormStep(uw, top));
  return kind;
}

/**
 * Two vertices (float64 lanes x, y, z and, for tangents (`tangents` 1), w) done with SIMD:
 * written, giving the rescaled count plus 4 × the count of w other than ±1; or −1 with nothing
 * written when either has a length that is zero or not finite, or a rounding outside
 * `lowest`–`highest` (the caller then does both vertex by vertex).
 */
@inline
function pairOfVectors(x: v128, y: v128, z: v128, w: v128, tangents: i32, v: i32, top: f64, tolerance: f64, limit: f64, lowest: f64, highest: f64, order: usize, hasOrder: i32, dst: usize, wide: i32): i32 {
  const one = f64x2.splat(1);
  const length = f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(x, x), f64x2.mul(y, y)), f64x2.mul(z, z)));
  const good = v128.and(f64x2.gt(length, f64x2.splat(0)), f64x2.lt(length, f64x2.splat(Infinity)));
  if (!i64x2.all_true(good)) return -1;
  const off = f64x2.abs(f64x2.sub(length, one));
  const tops = f64x2.splat(top);
  const nx = f64x2.promote_low_f32x4(f32x4.demote_f64x2_zero(f64x2.div(x, length)));
  const ny = f64x2.promote_low_f32x4(f32x4.demote_f64x2_zero(f64x2.div(y, length)));
  const nz = f64x2.promote_low_f32x4(f32x4.demote_f64x2_zero(f64x2.div(z, length)));
  let keep = v128.and(v128.and(onGridLanes(x, tops), onGridLanes(y, tops)), v128.and(onGridLanes(z, tops), f64x2.le(off, f64x2.splat(limit))));
  const minusOne = f64x2.splat(-1);
  // sign: −1 where w < 0, else +1 (NaN too); a kept tangent has |w| = 1, so its w is its sign.
  const sign = v128.bitselect(minusOne, one, f64x2.lt(w, f64x2.splat(0)));
  if (tangents) keep = v128.and(keep, f64x2.eq(f64x2.abs(w), one));
  const qx = snormLanes(v128.bitselect(x, nx, keep), tops);
  const qy = snormLanes(v128.bitselect(y, ny, keep), tops);
  const qz = snormLanes(v128.bitselect(z, nz, keep), tops);
  const squared = f64x2.add(f64x2.add(f64x2.mul(qx, qx), f64x2.mul(qy, qy)), f64x2.mul(qz, qz));
  if (v128.any_true(v128.or(f64x2.lt(squared, f64x2.splat(lowest)), f64x2.gt(squared, f64x2.splat(highest))))) return -1;
  const qw = tangents ? f64x2.mul(sign, tops) : f64x2.splat(0);
  const ix = i32x4.trunc_sat_f64x2_s_zero(qx);
  const iy = i32x4.trunc_sat_f64x2_s_zero(qy);
  const iz = i32x4.trunc_sat_f64x2_s_zero(qz);
  const iw = i32x4.trunc_sat_f64x2_s_zero(qw);
  if (wide) {
    const mask = i32x4.splat(0xffff);
    const lo = v128.or(v128.and(ix, mask), i32x4.shl(iy, 16));
    const hi = v128.or(v128.and(iz, mask), i32x4.shl(iw, 16));
    store<i32>(place(dst, order, hasOrder, v, 1), i32x4.extract_lane(lo, 0));
    store<i32>(place(dst, order, hasOrder, v, 1), i32x4.extract_lane(hi, 0), 4);
    store<i32>(place(dst, order, hasOrder, v + 1, 1), i32x4.extract_lane(lo, 1));
    store<i32>(place(dst, order, hasOrder, v + 1, 1), i32x4.extract_lane(hi, 1), 4);
  } else {
    const mask = i32x4.splat(0xff);
    const word = v128.or(v128.or(v128.and(ix, mask), i32x4.shl(v128.and(iy, mask), 8)), v128.or(i32x4.shl(v128.and(iz, mask), 16), i32x4.shl(iw, 24)));
    store<i32>(place(dst, order, hasOrder, v, 0), i32x4.extract_lane(word, 0));
    store<i32>(place(dst, order, hasOrder, v + 1, 0), i32x4.extract_lane(word, 1));
  }
  const rescaled = popcnt<i32>(i64x2.bitmask(f64x2.gt(off, f64x2.splat(tolerance))));
  const signs = tangents ? popcnt<i32>(i64x2.bitmask(f64x2.ne(w, sign))) : 0;
  return rescaled + (signs << 2);
}

/** roundHalfUp per float64 lane. */
@inline
function roundLanes(s: v128): v128 {
  const r = f64x2.floor(f64x2.add(s, f64x2.splat(0.5)));
  return v128.bitselect(f64x2.sub(r, f64x2.splat(1)), r, f64x2.gt(f64x2.sub(r, f64x2.splat(0.5)), s));
}

/** onGrid per float64 lane (all ones where on the grid). */
@inline
function onGridLanes(value: v128, tops: v128): v128 {
  const steps = f64x2.mul(value, tops);
  return v128.and(f64x2.le(f64x2.abs(f64x2.sub(steps, roundLanes(steps))), f64x2.splat(1e-3)), f64x2.le(f64x2.abs(steps), tops));
}

/**
 * snormStep per float64 lane (no NaN here): the clamp as pseudo-min / max, which are the
 * ternaries (pmax(u, −1) = u < −1 ? −1 : u, −0 kept) and compile to one instruction each;
 * f64x2.min / max (NaN and −0 rules of their own) made the whole kernel 1.7× slower.
 */
@inline
function snormLanes(u: v128, tops: v128): v128 {
  return roundLanes(f64x2.mul(f64x2.pmin(f64x2.pmax(u, f64x2.splat(-1)), f64x2.splat(1)), tops));
}

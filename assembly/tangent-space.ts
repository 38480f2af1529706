// The writer's side of UNIGINE's tangent frames: normals and tangents (with handedness) to the
// snorm16 tangent-space quaternions a .mesh stores. Float32 step by step in a fixed order, so
// that the SIMD build, the scalar build and the TypeScript twin
// (bindings/kernels/js/tangent-space.ts) give the same bits.

/** Smallest |w| stored, so that the sign of w (the handedness) survives truncation. */
const MIN_W: f32 = 0.001;
/** Shorter vectors than this have no direction: a fallback is used. */
const MIN_LENGTH: f32 = 1e-12;

let ux: f32 = 0, uy: f32 = 0, uz: f32 = 0;

/** (ux, uy, uz) = (x, y, z) / |(x, y, z)|, or the fallback when the length is 0, tiny or not finite. Returns false for the fallback. */
// @ts-ignore: decorator
@inline function unit(x: f32, y: f32, z: f32): bool {
  const length = sqrt<f32>(x * x + y * y + z * z);
  if (length > MIN_LENGTH && isFinite<f32>(length)) {
    ux = x / length; uy = y / length; uz = z / length;
    return true;
  }
  return false;
}

/** A unit vector perpendicular to the unit vector n: n × the axis it is least aligned with, into (ux, uy, uz). */
// @ts-ignore: decorator
@inline function perpendicular(nx: f32, ny: f32, nz: f32): void {
  const ax = abs<f32>(nx), ay = abs<f32>(ny), az = abs<f32>(nz);
  let ex: f32 = 0, ey: f32 = 0, ez: f32 = 0;
  if (ax <= ay && ax <= az) ex = 1;
  else if (ay <= az) ey = 1;
  else ez = 1;
  if (!unit(ny * ez - nz * ey, nz * ex - nx * ez, nx * ey - ny * ex)) { ux = 1; uy = 0; uz = 0; }
}

// @ts-ignore: decorator
@inline function snorm16(v: f32): i16 {
  if (v != v) v = 0;
  return <i16><i32>min<f32>(max<f32>(v * <f32>32767, -32767), 32767);
}

/**
 * Per vertex: the rotation whose columns are [T, N × T, N] (N normalised, T made orthogonal to N
 * and normalised; without `hasTangents`, or for a degenerate tangent, T ⟂ N by `perpendicular`),
 * as a quaternion whose w has the sign of the handedness (tangent w; +1 without tangents) and
 * |w| ≥ 0.001, stored snorm16 (x, y, z, w) truncated like encodeSnorm16.
 */
export function encodeTangentFrames(normals: usize, tangents: usize, hasTangents: i32, count: i32, dst: usize): void {
  let v = 0;
  if (ASC_FEATURE_SIMD) for (; v + 4 <= count; v += 4) encodeFourTangentFrames(normals + <usize>v * 12, tangents + (<usize>v << 4), hasTangents, dst + (<usize>v << 3));
  for (; v < count; v++) {
    const n = normals + <usize>v * 12;
    let nx: f32 = 0, ny: f32 = 0, nz: f32 = 1;
    if (unit(load<f32>(n), load<f32>(n, 4), load<f32>(n, 8))) { nx = ux; ny = uy; nz = uz; }
    let tx: f32, ty: f32, tz: f32, hand: f32 = 1;
    let tangentOk = false;
    if (hasTangents) {
      const t = tangents + (<usize>v << 4);
      const x = load<f32>(t), y = load<f32>(t, 4), z = load<f32>(t, 8);
      hand = load<f32>(t, 12);
      const d = x * nx + y * ny + z * nz;
      tangentOk = unit(x - d * nx, y - d * ny, z - d * nz);
    }
    if (!tangentOk) perpendicular(nx, ny, nz);
    tx = ux; ty = uy; tz = uz;
    const bx = ny * tz - nz * ty, by = nz * tx - nx * tz, bz = nx * ty - ny * tx;
    let x: f32, y: f32, z: f32, w: f32;
    const trace = tx + by + nz;
    if (trace > 0) {
      const s = sqrt<f32>(trace + 1) * 2;
      w = <f32>0.25 * s; x = (bz - ny) / s; y = (nx - tz) / s; z = (ty - bx) / s;
    } else if (tx > by && tx > nz) {
      const s = sqrt<f32>(<f32>1 + tx - by - nz) * 2;
      w = (bz - ny) / s; x = <f32>0.25 * s; y = (bx + ty) / s; z = (nx + tz) / s;
    } else if (by > nz) {
      const s = sqrt<f32>(<f32>1 + by - tx - nz) * 2;
      w = (nx - tz) / s; x = (bx + ty) / s; y = <f32>0.25 * s; z = (ny + bz) / s;
    } else {
      const s = sqrt<f32>(<f32>1 + nz - tx - by) * 2;
      w = (ty - bx) / s; x = (nx + tz) / s; y = (ny + bz) / s; z = <f32>0.25 * s;
    }
    const negative = hand < 0;
    if ((w < 0) != negative) { x = -x; y = -y; z = -z; w = -w; }
    if (abs<f32>(w) < MIN_W) w = negative ? -MIN_W : MIN_W;
    const out = dst + (<usize>v << 3);
    store<i16>(out, snorm16(x));
    store<i16>(out, snorm16(y), 2);
    store<i16>(out, snorm16(z), 4);
    store<i16>(out, snorm16(w), 6);
  }
}

// Four vertices at once, one per lane: every branch of the scalar loop becomes a lane select
// of the same float32 expressions, so the bits are the scalar loop's.

/** |(x, y, z)| per lane, as unit computes it. */
// @ts-ignore: decorator
@inline function lengthLanes(x: v128, y: v128, z: v128): v128 {
  return f32x4.sqrt(f32x4.add(f32x4.add(f32x4.mul(x, x), f32x4.mul(y, y)), f32x4.mul(z, z)));
}

/** The lanes whose length makes a direction (unit's test). */
// @ts-ignore: decorator
@inline function directionLanes(length: v128): v128 {
  return v128.and(f32x4.gt(length, f32x4.splat(MIN_LENGTH)), f32x4.lt(length, f32x4.splat(Infinity)));
}

// @ts-ignore: decorator
@inline function snorm16Lanes(v: v128): v128 {
  const x = f32x4.mul(v128.bitselect(v, f32x4.splat(0), f32x4.eq(v, v)), f32x4.splat(32767));
  return i32x4.trunc_sat_f32x4_s(f32x4.min(f32x4.max(x, f32x4.splat(-32767)), f32x4.splat(32767)));
}

function encodeFourTangentFrames(normals: usize, tangents: usize, hasTangents: i32, dst: usize): void {
  const zero = f32x4.splat(0), one = f32x4.splat(1);
  // (x y z x) (y z x y) (z x y z) to x, y, z of the four normals.
  const a = v128.load(normals), b = v128.load(normals, 16), c = v128.load(normals, 32);
  const rx = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 0), c, 0, 1, 2, 5);
  const ry = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 0), c, 0, 1, 2, 6);
  const rz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 0, 0), c, 0, 1, 4, 7);
  const normalLength = lengthLanes(rx, ry, rz);
  const normalOk = directionLanes(normalLength);
  const nx = v128.bitselect(f32x4.div(rx, normalLength), zero, normalOk);
  const ny = v128.bitselect(f32x4.div(ry, normalLength), zero, normalOk);
  const nz = v128.bitselect(f32x4.div(rz, normalLength), one, normalOk);
  let hand = one;
  let tangentOk = i32x4.splat(0);
  let ux = zero, uy = zero, uz = zero;
  if (hasTangents) {
    // Four (x y z w) tangents transposed.
    const t0 = v128.load(tangents), t1 = v128.load(tangents, 16), t2 = v128.load(tangents, 32), t3 = v128.load(tangents, 48);
    const lo01 = v128.shuffle<f32>(t0, t1, 0, 4, 1, 5), lo23 = v128.shuffle<f32>(t2, t3, 0, 4, 1, 5);
    const hi01 = v128.shuffle<f32>(t0, t1, 2, 6, 3, 7), hi23 = v128.shuffle<f32>(t2, t3, 2, 6, 3, 7);
    const x = v128.shuffle<f32>(lo01, lo23, 0, 1, 4, 5), y = v128.shuffle<f32>(lo01, lo23, 2, 3, 6, 7);
    const z = v128.shuffle<f32>(hi01, hi23, 0, 1, 4, 5);
    hand = v128.shuffle<f32>(hi01, hi23, 2, 3, 6, 7);
    const d = f32x4.add(f32x4.add(f32x4.mul(x, nx), f32x4.mul(y, ny)), f32x4.mul(z, nz));
    const ox = f32x4.sub(x, f32x4.mul(d, nx)), oy = f32x4.sub(y, f32x4.mul(d, ny)), oz = f32x4.sub(z, f32x4.mul(d, nz));
    const length = lengthLanes(ox, oy, oz);
    tangentOk = directionLanes(length);
    ux = f32x4.div(ox, length); uy = f32x4.div(oy, length); uz = f32x4.div(oz, length);
  }
  let tx = ux, ty = uy, tz = uz;
  // perpendicular(n) where a lane's tangent is missing or degenerate: the axis n is least
  // aligned with, as 0/1 factors, then n × that axis.
  if (!i32x4.all_true(tangentOk)) {
    const ax = f32x4.abs(nx), ay = f32x4.abs(ny), az = f32x4.abs(nz);
    const pickX = v128.and(f32x4.le(ax, ay), f32x4.le(ax, az));
    const pickY = v128.andnot(f32x4.le(ay, az), pickX);
    const ex = v128.and(pickX, one), ey = v128.and(pickY, one), ez = v128.andnot(one, v128.or(pickX, pickY));
    const qx = f32x4.sub(f32x4.mul(ny, ez), f32x4.mul(nz, ey));
    const qy = f32x4.sub(f32x4.mul(nz, ex), f32x4.mul(nx, ez));
    const qz = f32x4.sub(f32x4.mul(nx, ey), f32x4.mul(ny, ex));
    const perpendicularLength = lengthLanes(qx, qy, qz);
    const perpendicularOk = directionLanes(perpendicularLength);
    const px = v128.bitselect(f32x4.div(qx, perpendicularLength), one, perpendicularOk);
    const py = v128.bitselect(f32x4.div(qy, perpendicularLength), zero, perpendicularOk);
    const pz = v128.bitselect(f32x4.div(qz, perpendicularLength), zero, perpendicularOk);
    tx = v128.bitselect(ux, px, tangentOk); ty = v128.bitselect(uy, py, tangentOk); tz = v128.bitselect(uz, pz, tangentOk);
  }
  const bx = f32x4.sub(f32x4.mul(ny, tz), f32x4.mul(nz, ty));
  const by = f32x4.sub(f32x4.mul(nz, tx), f32x4.mul(nx, tz));
  const bz = f32x4.sub(f32x4.mul(nx, ty), f32x4.mul(ny, tx));
  // The scalar loop's four cases, first match wins.
  const trace = f32x4.add(f32x4.add(tx, by), nz);
  const case1 = f32x4.gt(trace, zero);
  const case2 = v128.andnot(v128.and(f32x4.gt(tx, by), f32x4.gt(tx, nz)), case1);
  const case3 = v128.andnot(f32x4.gt(by, nz), v128.or(case1, case2));
  const case4 = v128.not(v128.or(v128.or(case1, case2), case3));
  let root = f32x4.sub(f32x4.sub(f32x4.add(one, nz), tx), by);
  root = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, by), tx), nz), root, case3);
  root = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, tx), by), nz), root, case2);
  root = v128.bitselect(f32x4.add(trace, one), root, case1);
  const s = f32x4.mul(f32x4.sqrt(root), f32x4.splat(2));
  const quarter = f32x4.mul(f32x4.splat(0.25), s);
  // Per component: 0.25 s in its own case, else a numerator (chosen by case) over s.
  const bzMinusNy = f32x4.sub(bz, ny), nxMinusTz = f32x4.sub(nx, tz), tyMinusBx = f32x4.sub(ty, bx);
  const bxPlusTy = f32x4.add(bx, ty), nxPlusTz = f32x4.add(nx, tz), nyPlusBz = f32x4.add(ny, bz);
  let w = v128.bitselect(quarter, f32x4.div(v128.bitselect(bzMinusNy, v128.bitselect(nxMinusTz, tyMinusBx, case3), case2), s), case1);
  let x = v128.bitselect(quarter, f32x4.div(v128.bitselect(bzMinusNy, v128.bitselect(bxPlusTy, nxPlusTz, case3), case1), s), case2);
  let y = v128.bitselect(quarter, f32x4.div(v128.bitselect(nxMinusTz, v128.bitselect(bxPlusTy, nyPlusBz, case2), case1), s), case3);
  let z = v128.bitselect(quarter, f32x4.div(v128.bitselect(tyMinusBx, v128.bitselect(nxPlusTz, nyPlusBz, case2), case1), s), case4);
  const negative = f32x4.lt(hand, zero);
  const flip = v128.xor(f32x4.lt(w, zero), negative);
  x = v128.bitselect(f32x4.neg(x), x, flip); y = v128.bitselect(f32x4.neg(y), y, flip);
  z = v128.bitselect(f32x4.neg(z), z, flip); w = v128.bitselect(f32x4.neg(w), w, flip);
  w = v128.bitselect(v128.bitselect(f32x4.splat(-MIN_W), f32x4.splat(MIN_W), negative), w, f32x4.lt(f32x4.abs(w), f32x4.splat(MIN_W)));
  const xy = i16x8.narrow_i32x4_s(snorm16Lanes(x), snorm16Lanes(y));
  const zw = i16x8.narrow_i32x4_s(snorm16Lanes(z), snorm16Lanes(w));
  v128.store(dst, v128.shuffle<i16>(xy, zw, 0, 4, 8, 12, 1, 5, 9, 13));
  v128.store(dst, v128.shuffle<i16>(xy, zw, 2, 6, 10, 14, 3, 7, 11, 15), 16);
}

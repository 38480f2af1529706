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
  if (ASC_FEATURE_SIMD) for (; v + 12 <= count; v += 12) encodeTwelveTangentFrames(normals + <usize>v * 12, tangents + (<usize>v << 4), hasTangents, dst + (<usize>v << 3));
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

// Twelve vertices a call, as three groups of four (A, B, C) whose steps alternate. One group is a
// chain of about 160 cycles of dependent square roots, divisions and selects, longer than the CPU
// looks ahead, so a loop of encodeFourTangentFrames runs one chain at a time; side by side, the
// three independent chains overlap. Each group's operations are encodeFourTangentFrames' on its
// own lanes, so the bits are the same (test/unigine-tangent-interleave.test.ts puts every fallback
// in every lane of every group). Measured on tiled mrfixit's 13,284 frames (kernel alone, in one
// process against the build before, shared 2-core machine): four a call 12.9 ns a vertex, eight
// (two groups) 8.6, twelve 7.3, sixteen 7.3 (x64 has 16 vector registers: more groups spill).
function encodeTwelveTangentFrames(normalsA: usize, tangentsA: usize, hasTangents: i32, dstA: usize): void {
  const normalsB = normalsA + 48, tangentsB = tangentsA + 64, dstB = dstA + 32;
  const normalsC = normalsA + 96, tangentsC = tangentsA + 128, dstC = dstA + 64;
  const zero = f32x4.splat(0), one = f32x4.splat(1);
  // (x y z x) (y z x y) (z x y z) to x, y, z of the four normals.
  const aA = v128.load(normalsA), bA = v128.load(normalsA, 16), cA = v128.load(normalsA, 32);
  const aB = v128.load(normalsB), bB = v128.load(normalsB, 16), cB = v128.load(normalsB, 32);
  const aC = v128.load(normalsC), bC = v128.load(normalsC, 16), cC = v128.load(normalsC, 32);
  const rxA = v128.shuffle<f32>(v128.shuffle<f32>(aA, bA, 0, 3, 6, 0), cA, 0, 1, 2, 5);
  const rxB = v128.shuffle<f32>(v128.shuffle<f32>(aB, bB, 0, 3, 6, 0), cB, 0, 1, 2, 5);
  const rxC = v128.shuffle<f32>(v128.shuffle<f32>(aC, bC, 0, 3, 6, 0), cC, 0, 1, 2, 5);
  const ryA = v128.shuffle<f32>(v128.shuffle<f32>(aA, bA, 1, 4, 7, 0), cA, 0, 1, 2, 6);
  const ryB = v128.shuffle<f32>(v128.shuffle<f32>(aB, bB, 1, 4, 7, 0), cB, 0, 1, 2, 6);
  const ryC = v128.shuffle<f32>(v128.shuffle<f32>(aC, bC, 1, 4, 7, 0), cC, 0, 1, 2, 6);
  const rzA = v128.shuffle<f32>(v128.shuffle<f32>(aA, bA, 2, 5, 0, 0), cA, 0, 1, 4, 7);
  const rzB = v128.shuffle<f32>(v128.shuffle<f32>(aB, bB, 2, 5, 0, 0), cB, 0, 1, 4, 7);
  const rzC = v128.shuffle<f32>(v128.shuffle<f32>(aC, bC, 2, 5, 0, 0), cC, 0, 1, 4, 7);
  const normalLengthA = lengthLanes(rxA, ryA, rzA);
  const normalLengthB = lengthLanes(rxB, ryB, rzB);
  const normalLengthC = lengthLanes(rxC, ryC, rzC);
  const normalOkA = directionLanes(normalLengthA);
  const normalOkB = directionLanes(normalLengthB);
  const normalOkC = directionLanes(normalLengthC);
  const nxA = v128.bitselect(f32x4.div(rxA, normalLengthA), zero, normalOkA);
  const nxB = v128.bitselect(f32x4.div(rxB, normalLengthB), zero, normalOkB);
  const nxC = v128.bitselect(f32x4.div(rxC, normalLengthC), zero, normalOkC);
  const nyA = v128.bitselect(f32x4.div(ryA, normalLengthA), zero, normalOkA);
  const nyB = v128.bitselect(f32x4.div(ryB, normalLengthB), zero, normalOkB);
  const nyC = v128.bitselect(f32x4.div(ryC, normalLengthC), zero, normalOkC);
  const nzA = v128.bitselect(f32x4.div(rzA, normalLengthA), one, normalOkA);
  const nzB = v128.bitselect(f32x4.div(rzB, normalLengthB), one, normalOkB);
  const nzC = v128.bitselect(f32x4.div(rzC, normalLengthC), one, normalOkC);
  let handA = one;
  let handB = one;
  let handC = one;
  let tangentOkA = i32x4.splat(0);
  let tangentOkB = i32x4.splat(0);
  let tangentOkC = i32x4.splat(0);
  let uxA = zero, uyA = zero, uzA = zero;
  let uxB = zero, uyB = zero, uzB = zero;
  let uxC = zero, uyC = zero, uzC = zero;
  if (hasTangents) {
    // Four (x y z w) tangents transposed.
    const t0A = v128.load(tangentsA), t1A = v128.load(tangentsA, 16), t2A = v128.load(tangentsA, 32), t3A = v128.load(tangentsA, 48);
    const t0B = v128.load(tangentsB), t1B = v128.load(tangentsB, 16), t2B = v128.load(tangentsB, 32), t3B = v128.load(tangentsB, 48);
    const t0C = v128.load(tangentsC), t1C = v128.load(tangentsC, 16), t2C = v128.load(tangentsC, 32), t3C = v128.load(tangentsC, 48);
    const lo01A = v128.shuffle<f32>(t0A, t1A, 0, 4, 1, 5), lo23A = v128.shuffle<f32>(t2A, t3A, 0, 4, 1, 5);
    const lo01B = v128.shuffle<f32>(t0B, t1B, 0, 4, 1, 5), lo23B = v128.shuffle<f32>(t2B, t3B, 0, 4, 1, 5);
    const lo01C = v128.shuffle<f32>(t0C, t1C, 0, 4, 1, 5), lo23C = v128.shuffle<f32>(t2C, t3C, 0, 4, 1, 5);
    const hi01A = v128.shuffle<f32>(t0A, t1A, 2, 6, 3, 7), hi23A = v128.shuffle<f32>(t2A, t3A, 2, 6, 3, 7);
    const hi01B = v128.shuffle<f32>(t0B, t1B, 2, 6, 3, 7), hi23B = v128.shuffle<f32>(t2B, t3B, 2, 6, 3, 7);
    const hi01C = v128.shuffle<f32>(t0C, t1C, 2, 6, 3, 7), hi23C = v128.shuffle<f32>(t2C, t3C, 2, 6, 3, 7);
    const xA = v128.shuffle<f32>(lo01A, lo23A, 0, 1, 4, 5), yA = v128.shuffle<f32>(lo01A, lo23A, 2, 3, 6, 7);
    const xB = v128.shuffle<f32>(lo01B, lo23B, 0, 1, 4, 5), yB = v128.shuffle<f32>(lo01B, lo23B, 2, 3, 6, 7);
    const xC = v128.shuffle<f32>(lo01C, lo23C, 0, 1, 4, 5), yC = v128.shuffle<f32>(lo01C, lo23C, 2, 3, 6, 7);
    const zA = v128.shuffle<f32>(hi01A, hi23A, 0, 1, 4, 5);
    const zB = v128.shuffle<f32>(hi01B, hi23B, 0, 1, 4, 5);
    const zC = v128.shuffle<f32>(hi01C, hi23C, 0, 1, 4, 5);
    handA = v128.shuffle<f32>(hi01A, hi23A, 2, 3, 6, 7);
    handB = v128.shuffle<f32>(hi01B, hi23B, 2, 3, 6, 7);
    handC = v128.shuffle<f32>(hi01C, hi23C, 2, 3, 6, 7);
    const dA = f32x4.add(f32x4.add(f32x4.mul(xA, nxA), f32x4.mul(yA, nyA)), f32x4.mul(zA, nzA));
    const dB = f32x4.add(f32x4.add(f32x4.mul(xB, nxB), f32x4.mul(yB, nyB)), f32x4.mul(zB, nzB));
    const dC = f32x4.add(f32x4.add(f32x4.mul(xC, nxC), f32x4.mul(yC, nyC)), f32x4.mul(zC, nzC));
    const oxA = f32x4.sub(xA, f32x4.mul(dA, nxA)), oyA = f32x4.sub(yA, f32x4.mul(dA, nyA)), ozA = f32x4.sub(zA, f32x4.mul(dA, nzA));
    const oxB = f32x4.sub(xB, f32x4.mul(dB, nxB)), oyB = f32x4.sub(yB, f32x4.mul(dB, nyB)), ozB = f32x4.sub(zB, f32x4.mul(dB, nzB));
    const oxC = f32x4.sub(xC, f32x4.mul(dC, nxC)), oyC = f32x4.sub(yC, f32x4.mul(dC, nyC)), ozC = f32x4.sub(zC, f32x4.mul(dC, nzC));
    const lengthA = lengthLanes(oxA, oyA, ozA);
    const lengthB = lengthLanes(oxB, oyB, ozB);
    const lengthC = lengthLanes(oxC, oyC, ozC);
    tangentOkA = directionLanes(lengthA);
    tangentOkB = directionLanes(lengthB);
    tangentOkC = directionLanes(lengthC);
    uxA = f32x4.div(oxA, lengthA); uyA = f32x4.div(oyA, lengthA); uzA = f32x4.div(ozA, lengthA);
    uxB = f32x4.div(oxB, lengthB); uyB = f32x4.div(oyB, lengthB); uzB = f32x4.div(ozB, lengthB);
    uxC = f32x4.div(oxC, lengthC); uyC = f32x4.div(oyC, lengthC); uzC = f32x4.div(ozC, lengthC);
  }
  let txA = uxA, tyA = uyA, tzA = uzA;
  let txB = uxB, tyB = uyB, tzB = uzB;
  let txC = uxC, tyC = uyC, tzC = uzC;
  // perpendicular(n) where a lane's tangent is missing or degenerate: the axis n is least
  // aligned with, as 0/1 factors, then n × that axis.
  if (!i32x4.all_true(tangentOkA)) {
    const axA = f32x4.abs(nxA), ayA = f32x4.abs(nyA), azA = f32x4.abs(nzA);
    const pickXA = v128.and(f32x4.le(axA, ayA), f32x4.le(axA, azA));
    const pickYA = v128.andnot(f32x4.le(ayA, azA), pickXA);
    const exA = v128.and(pickXA, one), eyA = v128.and(pickYA, one), ezA = v128.andnot(one, v128.or(pickXA, pickYA));
    const qxA = f32x4.sub(f32x4.mul(nyA, ezA), f32x4.mul(nzA, eyA));
    const qyA = f32x4.sub(f32x4.mul(nzA, exA), f32x4.mul(nxA, ezA));
    const qzA = f32x4.sub(f32x4.mul(nxA, eyA), f32x4.mul(nyA, exA));
    const perpendicularLengthA = lengthLanes(qxA, qyA, qzA);
    const perpendicularOkA = directionLanes(perpendicularLengthA);
    const pxA = v128.bitselect(f32x4.div(qxA, perpendicularLengthA), one, perpendicularOkA);
    const pyA = v128.bitselect(f32x4.div(qyA, perpendicularLengthA), zero, perpendicularOkA);
    const pzA = v128.bitselect(f32x4.div(qzA, perpendicularLengthA), zero, perpendicularOkA);
    txA = v128.bitselect(uxA, pxA, tangentOkA); tyA = v128.bitselect(uyA, pyA, tangentOkA); tzA = v128.bitselect(uzA, pzA, tangentOkA);
  }
  if (!i32x4.all_true(tangentOkB)) {
    const axB = f32x4.abs(nxB), ayB = f32x4.abs(nyB), azB = f32x4.abs(nzB);
    const pickXB = v128.and(f32x4.le(axB, ayB), f32x4.le(axB, azB));
    const pickYB = v128.andnot(f32x4.le(ayB, azB), pickXB);
    const exB = v128.and(pickXB, one), eyB = v128.and(pickYB, one), ezB = v128.andnot(one, v128.or(pickXB, pickYB));
    const qxB = f32x4.sub(f32x4.mul(nyB, ezB), f32x4.mul(nzB, eyB));
    const qyB = f32x4.sub(f32x4.mul(nzB, exB), f32x4.mul(nxB, ezB));
    const qzB = f32x4.sub(f32x4.mul(nxB, eyB), f32x4.mul(nyB, exB));
    const perpendicularLengthB = lengthLanes(qxB, qyB, qzB);
    const perpendicularOkB = directionLanes(perpendicularLengthB);
    const pxB = v128.bitselect(f32x4.div(qxB, perpendicularLengthB), one, perpendicularOkB);
    const pyB = v128.bitselect(f32x4.div(qyB, perpendicularLengthB), zero, perpendicularOkB);
    const pzB = v128.bitselect(f32x4.div(qzB, perpendicularLengthB), zero, perpendicularOkB);
    txB = v128.bitselect(uxB, pxB, tangentOkB); tyB = v128.bitselect(uyB, pyB, tangentOkB); tzB = v128.bitselect(uzB, pzB, tangentOkB);
  }
  if (!i32x4.all_true(tangentOkC)) {
    const axC = f32x4.abs(nxC), ayC = f32x4.abs(nyC), azC = f32x4.abs(nzC);
    const pickXC = v128.and(f32x4.le(axC, ayC), f32x4.le(axC, azC));
    const pickYC = v128.andnot(f32x4.le(ayC, azC), pickXC);
    const exC = v128.and(pickXC, one), eyC = v128.and(pickYC, one), ezC = v128.andnot(one, v128.or(pickXC, pickYC));
    const qxC = f32x4.sub(f32x4.mul(nyC, ezC), f32x4.mul(nzC, eyC));
    const qyC = f32x4.sub(f32x4.mul(nzC, exC), f32x4.mul(nxC, ezC));
    const qzC = f32x4.sub(f32x4.mul(nxC, eyC), f32x4.mul(nyC, exC));
    const perpendicularLengthC = lengthLanes(qxC, qyC, qzC);
    const perpendicularOkC = directionLanes(perpendicularLengthC);
    const pxC = v128.bitselect(f32x4.div(qxC, perpendicularLengthC), one, perpendicularOkC);
    const pyC = v128.bitselect(f32x4.div(qyC, perpendicularLengthC), zero, perpendicularOkC);
    const pzC = v128.bitselect(f32x4.div(qzC, perpendicularLengthC), zero, perpendicularOkC);
    txC = v128.bitselect(uxC, pxC, tangentOkC); tyC = v128.bitselect(uyC, pyC, tangentOkC); tzC = v128.bitselect(uzC, pzC, tangentOkC);
  }
  const bxA = f32x4.sub(f32x4.mul(nyA, tzA), f32x4.mul(nzA, tyA));
  const bxB = f32x4.sub(f32x4.mul(nyB, tzB), f32x4.mul(nzB, tyB));
  const bxC = f32x4.sub(f32x4.mul(nyC, tzC), f32x4.mul(nzC, tyC));
  const byA = f32x4.sub(f32x4.mul(nzA, txA), f32x4.mul(nxA, tzA));
  const byB = f32x4.sub(f32x4.mul(nzB, txB), f32x4.mul(nxB, tzB));
  const byC = f32x4.sub(f32x4.mul(nzC, txC), f32x4.mul(nxC, tzC));
  const bzA = f32x4.sub(f32x4.mul(nxA, tyA), f32x4.mul(nyA, txA));
  const bzB = f32x4.sub(f32x4.mul(nxB, tyB), f32x4.mul(nyB, txB));
  const bzC = f32x4.sub(f32x4.mul(nxC, tyC), f32x4.mul(nyC, txC));
  // The scalar loop's four cases, first match wins.
  const traceA = f32x4.add(f32x4.add(txA, byA), nzA);
  const traceB = f32x4.add(f32x4.add(txB, byB), nzB);
  const traceC = f32x4.add(f32x4.add(txC, byC), nzC);
  const case1A = f32x4.gt(traceA, zero);
  const case1B = f32x4.gt(traceB, zero);
  const case1C = f32x4.gt(traceC, zero);
  const case2A = v128.andnot(v128.and(f32x4.gt(txA, byA), f32x4.gt(txA, nzA)), case1A);
  const case2B = v128.andnot(v128.and(f32x4.gt(txB, byB), f32x4.gt(txB, nzB)), case1B);
  const case2C = v128.andnot(v128.and(f32x4.gt(txC, byC), f32x4.gt(txC, nzC)), case1C);
  const case3A = v128.andnot(f32x4.gt(byA, nzA), v128.or(case1A, case2A));
  const case3B = v128.andnot(f32x4.gt(byB, nzB), v128.or(case1B, case2B));
  const case3C = v128.andnot(f32x4.gt(byC, nzC), v128.or(case1C, case2C));
  const case4A = v128.not(v128.or(v128.or(case1A, case2A), case3A));
  const case4B = v128.not(v128.or(v128.or(case1B, case2B), case3B));
  const case4C = v128.not(v128.or(v128.or(case1C, case2C), case3C));
  let rootA = f32x4.sub(f32x4.sub(f32x4.add(one, nzA), txA), byA);
  let rootB = f32x4.sub(f32x4.sub(f32x4.add(one, nzB), txB), byB);
  let rootC = f32x4.sub(f32x4.sub(f32x4.add(one, nzC), txC), byC);
  rootA = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, byA), txA), nzA), rootA, case3A);
  rootB = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, byB), txB), nzB), rootB, case3B);
  rootC = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, byC), txC), nzC), rootC, case3C);
  rootA = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, txA), byA), nzA), rootA, case2A);
  rootB = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, txB), byB), nzB), rootB, case2B);
  rootC = v128.bitselect(f32x4.sub(f32x4.sub(f32x4.add(one, txC), byC), nzC), rootC, case2C);
  rootA = v128.bitselect(f32x4.add(traceA, one), rootA, case1A);
  rootB = v128.bitselect(f32x4.add(traceB, one), rootB, case1B);
  rootC = v128.bitselect(f32x4.add(traceC, one), rootC, case1C);
  const sA = f32x4.mul(f32x4.sqrt(rootA), f32x4.splat(2));
  const sB = f32x4.mul(f32x4.sqrt(rootB), f32x4.splat(2));
  const sC = f32x4.mul(f32x4.sqrt(rootC), f32x4.splat(2));
  const quarterA = f32x4.mul(f32x4.splat(0.25), sA);
  const quarterB = f32x4.mul(f32x4.splat(0.25), sB);
  const quarterC = f32x4.mul(f32x4.splat(0.25), sC);
  // Per component: 0.25 s in its own case, else a numerator (chosen by case) over s.
  const bzMinusNyA = f32x4.sub(bzA, nyA), nxMinusTzA = f32x4.sub(nxA, tzA), tyMinusBxA = f32x4.sub(tyA, bxA);
  const bzMinusNyB = f32x4.sub(bzB, nyB), nxMinusTzB = f32x4.sub(nxB, tzB), tyMinusBxB = f32x4.sub(tyB, bxB);
  const bzMinusNyC = f32x4.sub(bzC, nyC), nxMinusTzC = f32x4.sub(nxC, tzC), tyMinusBxC = f32x4.sub(tyC, bxC);
  const bxPlusTyA = f32x4.add(bxA, tyA), nxPlusTzA = f32x4.add(nxA, tzA), nyPlusBzA = f32x4.add(nyA, bzA);
  const bxPlusTyB = f32x4.add(bxB, tyB), nxPlusTzB = f32x4.add(nxB, tzB), nyPlusBzB = f32x4.add(nyB, bzB);
  const bxPlusTyC = f32x4.add(bxC, tyC), nxPlusTzC = f32x4.add(nxC, tzC), nyPlusBzC = f32x4.add(nyC, bzC);
  let wA = v128.bitselect(quarterA, f32x4.div(v128.bitselect(bzMinusNyA, v128.bitselect(nxMinusTzA, tyMinusBxA, case3A), case2A), sA), case1A);
  let wB = v128.bitselect(quarterB, f32x4.div(v128.bitselect(bzMinusNyB, v128.bitselect(nxMinusTzB, tyMinusBxB, case3B), case2B), sB), case1B);
  let wC = v128.bitselect(quarterC, f32x4.div(v128.bitselect(bzMinusNyC, v128.bitselect(nxMinusTzC, tyMinusBxC, case3C), case2C), sC), case1C);
  let xA = v128.bitselect(quarterA, f32x4.div(v128.bitselect(bzMinusNyA, v128.bitselect(bxPlusTyA, nxPlusTzA, case3A), case1A), sA), case2A);
  let xB = v128.bitselect(quarterB, f32x4.div(v128.bitselect(bzMinusNyB, v128.bitselect(bxPlusTyB, nxPlusTzB, case3B), case1B), sB), case2B);
  let xC = v128.bitselect(quarterC, f32x4.div(v128.bitselect(bzMinusNyC, v128.bitselect(bxPlusTyC, nxPlusTzC, case3C), case1C), sC), case2C);
  let yA = v128.bitselect(quarterA, f32x4.div(v128.bitselect(nxMinusTzA, v128.bitselect(bxPlusTyA, nyPlusBzA, case2A), case1A), sA), case3A);
  let yB = v128.bitselect(quarterB, f32x4.div(v128.bitselect(nxMinusTzB, v128.bitselect(bxPlusTyB, nyPlusBzB, case2B), case1B), sB), case3B);
  let yC = v128.bitselect(quarterC, f32x4.div(v128.bitselect(nxMinusTzC, v128.bitselect(bxPlusTyC, nyPlusBzC, case2C), case1C), sC), case3C);
  let zA = v128.bitselect(quarterA, f32x4.div(v128.bitselect(tyMinusBxA, v128.bitselect(nxPlusTzA, nyPlusBzA, case2A), case1A), sA), case4A);
  let zB = v128.bitselect(quarterB, f32x4.div(v128.bitselect(tyMinusBxB, v128.bitselect(nxPlusTzB, nyPlusBzB, case2B), case1B), sB), case4B);
  let zC = v128.bitselect(quarterC, f32x4.div(v128.bitselect(tyMinusBxC, v128.bitselect(nxPlusTzC, nyPlusBzC, case2C), case1C), sC), case4C);
  const negativeA = f32x4.lt(handA, zero);
  const negativeB = f32x4.lt(handB, zero);
  const negativeC = f32x4.lt(handC, zero);
  const flipA = v128.xor(f32x4.lt(wA, zero), negativeA);
  const flipB = v128.xor(f32x4.lt(wB, zero), negativeB);
  const flipC = v128.xor(f32x4.lt(wC, zero), negativeC);
  xA = v128.bitselect(f32x4.neg(xA), xA, flipA); yA = v128.bitselect(f32x4.neg(yA), yA, flipA);
  xB = v128.bitselect(f32x4.neg(xB), xB, flipB); yB = v128.bitselect(f32x4.neg(yB), yB, flipB);
  xC = v128.bitselect(f32x4.neg(xC), xC, flipC); yC = v128.bitselect(f32x4.neg(yC), yC, flipC);
  zA = v128.bitselect(f32x4.neg(zA), zA, flipA); wA = v128.bitselect(f32x4.neg(wA), wA, flipA);
  zB = v128.bitselect(f32x4.neg(zB), zB, flipB); wB = v128.bitselect(f32x4.neg(wB), wB, flipB);
  zC = v128.bitselect(f32x4.neg(zC), zC, flipC); wC = v128.bitselect(f32x4.neg(wC), wC, flipC);
  wA = v128.bitselect(v128.bitselect(f32x4.splat(-MIN_W), f32x4.splat(MIN_W), negativeA), wA, f32x4.lt(f32x4.abs(wA), f32x4.splat(MIN_W)));
  wB = v128.bitselect(v128.bitselect(f32x4.splat(-MIN_W), f32x4.splat(MIN_W), negativeB), wB, f32x4.lt(f32x4.abs(wB), f32x4.splat(MIN_W)));
  wC = v128.bitselect(v128.bitselect(f32x4.splat(-MIN_W), f32x4.splat(MIN_W), negativeC), wC, f32x4.lt(f32x4.abs(wC), f32x4.splat(MIN_W)));
  const xyA = i16x8.narrow_i32x4_s(snorm16Lanes(xA), snorm16Lanes(yA));
  const xyB = i16x8.narrow_i32x4_s(snorm16Lanes(xB), snorm16Lanes(yB));
  const xyC = i16x8.narrow_i32x4_s(snorm16Lanes(xC), snorm16Lanes(yC));
  const zwA = i16x8.narrow_i32x4_s(snorm16Lanes(zA), snorm16Lanes(wA));
  const zwB = i16x8.narrow_i32x4_s(snorm16Lanes(zB), snorm16Lanes(wB));
  const zwC = i16x8.narrow_i32x4_s(snorm16Lanes(zC), snorm16Lanes(wC));
  v128.store(dstA, v128.shuffle<i16>(xyA, zwA, 0, 4, 8, 12, 1, 5, 9, 13));
  v128.store(dstB, v128.shuffle<i16>(xyB, zwB, 0, 4, 8, 12, 1, 5, 9, 13));
  v128.store(dstC, v128.shuffle<i16>(xyC, zwC, 0, 4, 8, 12, 1, 5, 9, 13));
  v128.store(dstA, v128.shuffle<i16>(xyA, zwA, 2, 6, 10, 14, 3, 7, 11, 15), 16);
  v128.store(dstB, v128.shuffle<i16>(xyB, zwB, 2, 6, 10, 14, 3, 7, 11, 15), 16);
  v128.store(dstC, v128.shuffle<i16>(xyC, zwC, 2, 6, 10, 14, 3, 7, 11, 15), 16);
}

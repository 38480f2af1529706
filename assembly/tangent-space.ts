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
  for (let v = 0; v < count; v++) {
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

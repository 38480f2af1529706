// TypeScript twin of assembly/gltf-opt-snorm-vectors.ts (the optimized glTF writer's quantized
// normals and tangents: unit-snorm-vectors.ts's loops, with the counts in `counts`, every slot of
// `dst` written and replaced tangents listed for the caller).

function roundHalfUp(x: number): number {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

function onGrid(value: number, top: number): boolean {
  const steps = value * top;
  return Math.abs(steps - roundHalfUp(steps)) <= 1e-3 && Math.abs(steps) <= top;
}

function snormStep(u: number, top: number): number {
  return roundHalfUp((u >= 1 ? 1 : u <= -1 ? -1 : u) * top);
}

function lengthError(x: number, y: number, z: number, top: number): number {
  return Math.abs(Math.sqrt(x * x + y * y + z * z) / top - 1);
}

/** Of the eight roundings (floor or floor + 1 per component) of u, the one nearest unit length, written over q's xyz at `at` (kept on ties). */
function nearestUnitRounding(dst: Int8Array | Int16Array, at: number, ux: number, uy: number, uz: number, top: number): void {
  let bx = dst[at]!, by = dst[at + 1]!, bz = dst[at + 2]!;
  let bestError = lengthError(bx, by, bz, top);
  const fx = Math.floor(Math.max(-1, Math.min(1, ux)) * top);
  const fy = Math.floor(Math.max(-1, Math.min(1, uy)) * top);
  const fz = Math.floor(Math.max(-1, Math.min(1, uz)) * top);
  for (let mask = 0; mask < 8; mask++) {
    const cx = Math.max(-top, Math.min(top, fx + (mask & 1)));
    const cy = Math.max(-top, Math.min(top, fy + ((mask >> 1) & 1)));
    const cz = Math.max(-top, Math.min(top, fz + ((mask >> 2) & 1)));
    const error = lengthError(cx, cy, cz, top);
    if (error < bestError) {
      bx = cx;
      by = cy;
      bz = cz;
      bestError = error;
    }
  }
  dst[at] = bx;
  dst[at + 1] = by;
  dst[at + 2] = bz;
}

/** Whether every order[v] (v < count) is below `count`. */
function orderInRange(order: Uint32Array, count: number): boolean {
  for (let v = 0; v < count; v++) if (order[v]! >= count) return false;
  return true;
}

export function snormNormals(src: Float32Array, toYUp: boolean, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: Uint32Array | undefined, dst: Int8Array | Int16Array, counts: Uint32Array): number {
  const count = Math.floor(src.length / 3);
  if (order && !orderInRange(order, count)) return -1;
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0, v = 0; v < count; i += 3, v++) {
    const x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    // In double precision the squares of float32 values cannot overflow.
    const length = Math.sqrt(x * x + y * y + z * z);
    let nx = 0, ny = 0, nz = 1;
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > tolerance) rescaled++;
      nx = Math.fround(x / length);
      ny = Math.fround(y / length);
      nz = Math.fround(z / length);
    } else {
      replaced++;
    }
    // A source vector on the snorm grid and of unit length is rounded as it is, others their unit vector.
    const keep = onGrid(x, top) && onGrid(y, top) && onGrid(z, top) && Math.abs(length - 1) <= limit;
    const ux = keep ? x : nx;
    const uy = keep ? y : ny;
    const uz = keep ? z : nz;
    const qx = snormStep(ux, top);
    const qy = snormStep(uy, top);
    const qz = snormStep(uz, top);
    const at = (order ? order[v]! : v) * 4;
    dst[at] = qx;
    dst[at + 1] = qy;
    dst[at + 2] = qz;
    dst[at + 3] = 0;
    const squared = qx * qx + qy * qy + qz * qz;
    if (squared < lowest || squared > highest) nearestUnitRounding(dst, at, ux, uy, uz, top);
  }
  counts[0] = replaced;
  counts[1] = rescaled;
  counts[2] = 0;
  return 0;
}

export function snormTangents(src: Float32Array, toYUp: boolean, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: Uint32Array | undefined, dst: Int8Array | Int16Array, counts: Uint32Array, replacedList: Uint32Array): number {
  const count = src.length >> 2;
  if (order && !orderInRange(order, count)) return -1;
  let listed = 0;
  let rescaled = 0;
  let signs = 0;
  for (let i = 0, v = 0; v < count; i += 4, v++) {
    const x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    const w0 = src[i + 3]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const length = Math.sqrt(x * x + y * y + z * z);
    const sign = w0 < 0 ? -1 : 1;
    if (w0 !== sign) signs++;
    const at = (order ? order[v]! : v) * 4;
    if (!(length > 0 && length < Infinity)) {
      replacedList[listed++] = v;
      dst[at] = 0;
      dst[at + 1] = 0;
      dst[at + 2] = 0;
      dst[at + 3] = 0;
      continue;
    }
    if (Math.abs(length - 1) > tolerance) rescaled++;
    const tx = Math.fround(x / length);
    const ty = Math.fround(y / length);
    const tz = Math.fround(z / length);
    const keep = onGrid(x, top) && onGrid(y, top) && onGrid(z, top) && Math.abs(w0) === 1 && Math.abs(length - 1) <= limit;
    const ux = keep ? x : tx;
    const uy = keep ? y : ty;
    const uz = keep ? z : tz;
    const uw = keep ? w0 : sign;
    const qx = snormStep(ux, top);
    const qy = snormStep(uy, top);
    const qz = snormStep(uz, top);
    dst[at] = qx;
    dst[at + 1] = qy;
    dst[at + 2] = qz;
    dst[at + 3] = snormStep(uw, top);
    const squared = qx * qx + qy * qy + qz * qz;
    if (squared < lowest || squared > highest) nearestUnitRounding(dst, at, ux, uy, uz, top);
  }
  counts[0] = 0;
  counts[1] = rescaled;
  counts[2] = signs;
  return listed;
}

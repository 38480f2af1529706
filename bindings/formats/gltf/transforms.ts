/**
 * Column-major 4×4 matrices (as glTF stores them) and the Z-up ↔ Y-up change of axes.
 *
 * A matrix is a plain array of 16 doubles, not a Float64Array: V8 (Node 20) takes 200–600 ns to
 * make a small typed array and about 25 ns for an array literal, and a read makes one matrix per
 * node and per skin joint (measured: composeTrs + multiply 470–790 ns a pair with Float64Array,
 * 10–17 % of the speed bar's GLB parse). The values are the same doubles either way.
 */

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
export type Mat4 = number[];

/** Where a matrix may be written: a new Mat4, or 16 entries of a caller's array (the GLB writer keeps a skin's matrices in one Float64Array). */
export type MatrixTarget = Mat4 | Float64Array;

/** A zero matrix (V8's allocation site learns that it holds doubles and makes it so from then on). */
export function zeroMatrix(): Mat4 {
  return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
}

export function identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

/**
 * The matrix of translation × rotation × scale (the order glTF applies a node's TRS), into `m`
 * (a new matrix by default; every entry is written). The `out` parameters here let a caller with
 * many matrices keep them in one array: each Float64Array of 16 (128 bytes, past V8's 64 kept in
 * its heap) was a buffer of its own, four per joint in the GLB writer's skin.
 */
export function composeTrs(t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>): Mat4;
export function composeTrs<M extends MatrixTarget>(t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>, m: M): M;
export function composeTrs(t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>, m: MatrixTarget = zeroMatrix()): MatrixTarget {
  const [x, y, z, w] = [r[0]!, r[1]!, r[2]!, r[3]!];
  m[0] = (1 - 2 * (y * y + z * z)) * s[0]!;
  m[1] = 2 * (x * y + z * w) * s[0]!;
  m[2] = 2 * (x * z - y * w) * s[0]!;
  m[3] = 0;
  m[4] = 2 * (x * y - z * w) * s[1]!;
  m[5] = (1 - 2 * (x * x + z * z)) * s[1]!;
  m[6] = 2 * (y * z + x * w) * s[1]!;
  m[7] = 0;
  m[8] = 2 * (x * z + y * w) * s[2]!;
  m[9] = 2 * (y * z - x * w) * s[2]!;
  m[10] = (1 - 2 * (x * x + y * y)) * s[2]!;
  m[11] = 0;
  m[12] = t[0]!;
  m[13] = t[1]!;
  m[14] = t[2]!;
  m[15] = 1;
  return m;
}

/** a × b into `m` (a new matrix by default; not `a` or `b`). */
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>): Mat4;
export function multiply<M extends MatrixTarget>(a: ArrayLike<number>, b: ArrayLike<number>, m: M): M;
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>, m: MatrixTarget = zeroMatrix()): MatrixTarget {
  // Each entry summed from 0 over k = 0..3, in that order (the same bits as a loop over k).
  for (let c = 0; c < 16; c += 4) {
    const b0 = b[c]!, b1 = b[c + 1]!, b2 = b[c + 2]!, b3 = b[c + 3]!;
    m[c] = 0 + a[0]! * b0 + a[4]! * b1 + a[8]! * b2 + a[12]! * b3;
    m[c + 1] = 0 + a[1]! * b0 + a[5]! * b1 + a[9]! * b2 + a[13]! * b3;
    m[c + 2] = 0 + a[2]! * b0 + a[6]! * b1 + a[10]! * b2 + a[14]! * b3;
    m[c + 3] = 0 + a[3]! * b0 + a[7]! * b1 + a[11]! * b2 + a[15]! * b3;
  }
  return m;
}

/** The inverse of an affine matrix into `into` (a new matrix by default; not `m`), or undefined (and `into` untouched) when it is singular. */
export function invertAffine(m: ArrayLike<number>): Mat4 | undefined;
export function invertAffine<M extends MatrixTarget>(m: ArrayLike<number>, into: M): M | undefined;
export function invertAffine(m: ArrayLike<number>, into?: MatrixTarget): MatrixTarget | undefined {
  const [a, b, c, d, e, f, g, h, i] = [m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!];
  const c00 = e * i - f * h;
  const c01 = c * h - b * i;
  const c02 = b * f - c * e;
  const det = a * c00 + d * c01 + g * c02;
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return undefined;
  const k = 1 / det;
  const out = into ?? zeroMatrix();
  out[0] = c00 * k;
  out[1] = c01 * k;
  out[2] = c02 * k;
  out[3] = 0;
  out[4] = (f * g - d * i) * k;
  out[5] = (a * i - c * g) * k;
  out[6] = (c * d - a * f) * k;
  out[7] = 0;
  out[8] = (d * h - e * g) * k;
  out[9] = (b * g - a * h) * k;
  out[10] = (a * e - b * d) * k;
  out[11] = 0;
  for (let r = 0; r < 3; r++) out[12 + r] = -(out[r]! * m[12]! + out[4 + r]! * m[13]! + out[8 + r]! * m[14]!);
  out[15] = 1;
  return out;
}

/** Applies `m` to points (w = 1) or directions (w = 0) stored `stride` floats apart, xyz first, in place. */
export function transformInPlace(m: ArrayLike<number>, data: Float32Array, stride: number, isPoint: boolean): void {
  const w = isPoint ? 1 : 0;
  for (let i = 0; i + 2 < data.length; i += stride) {
    const [x, y, z] = [data[i]!, data[i + 1]!, data[i + 2]!];
    data[i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]! * w;
    data[i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]! * w;
    data[i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]! * w;
  }
}

/**
 * The change of axes from Z-up to Y-up (a −90° turn about X): (x, y, z) → (x, z, −y). Vectors and
 * the vector part of quaternions turn alike; scale factors follow their axes, (sx, sy, sz) → (sx, sz, sy).
 * `inverse` turns Y-up back into Z-up.
 */
export function zUpToYUpInPlace(data: Float32Array, stride: number, inverse = false): void {
  for (let i = 0; i + 2 < data.length; i += stride) {
    const y = data[i + 1]!;
    const z = data[i + 2]!;
    data[i + 1] = inverse ? -z : z;
    data[i + 2] = inverse ? y : -y;
  }
}

export function swapYZInPlace(data: Float32Array, stride: number): void {
  for (let i = 0; i + 2 < data.length; i += stride) {
    const y = data[i + 1]!;
    data[i + 1] = data[i + 2]!;
    data[i + 2] = y;
  }
}

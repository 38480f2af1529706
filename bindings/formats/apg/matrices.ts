// Column-major 4×4 matrices (apg's offset and root matrices) for the skeleton conversion.
export type Matrix4 = Float64Array;

export function identity4(): Matrix4 {
  return Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
}

export function multiply4(a: Matrix4, b: Matrix4): Matrix4 {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += a[k * 4 + r]! * b[c * 4 + k]!;
    out[c * 4 + r] = sum;
  }
  return out;
}

/** Inverse of an affine matrix (rotation-scale block and translation); undefined when singular. */
export function invertAffine4(m: ArrayLike<number>): Matrix4 | undefined {
  const [a, b, c, d, e, f, g, h, i] = [m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!];
  const det = a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-30) return undefined;
  const inv = [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det, (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det, (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det];
  const out = identity4();
  out.set([inv[0]!, inv[1]!, inv[2]!], 0);
  out.set([inv[3]!, inv[4]!, inv[5]!], 4);
  out.set([inv[6]!, inv[7]!, inv[8]!], 8);
  const [tx, ty, tz] = [m[12]!, m[13]!, m[14]!];
  out[12] = -(inv[0]! * tx + inv[3]! * ty + inv[6]! * tz);
  out[13] = -(inv[1]! * tx + inv[4]! * ty + inv[7]! * tz);
  out[14] = -(inv[2]! * tx + inv[5]! * ty + inv[8]! * tz);
  return out;
}

export interface Trs {
  translation: [number, number, number];
  rotation: [number, number, number, number];
  scale: [number, number, number];
}

/** Translation, rotation (x y z w) and positive scale of an affine matrix without shear. */
export function decompose4(m: ArrayLike<number>): Trs {
  const sx = Math.hypot(m[0]!, m[1]!, m[2]!), sy = Math.hypot(m[4]!, m[5]!, m[6]!), sz = Math.hypot(m[8]!, m[9]!, m[10]!);
  const r = [m[0]! / sx, m[1]! / sx, m[2]! / sx, m[4]! / sy, m[5]! / sy, m[6]! / sy, m[8]! / sz, m[9]! / sz, m[10]! / sz];
  const [m00, m10, m20, m01, m11, m21, m02, m12, m22] = r as [number, number, number, number, number, number, number, number, number];
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    w = s / 4; x = (m21 - m12) / s; y = (m02 - m20) / s; z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    w = (m21 - m12) / s; x = s / 4; y = (m01 + m10) / s; z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    w = (m02 - m20) / s; x = (m01 + m10) / s; y = s / 4; z = (m12 + m21) / s;
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    w = (m10 - m01) / s; x = (m02 + m20) / s; y = (m12 + m21) / s; z = s / 4;
  }
  return { translation: [m[12]!, m[13]!, m[14]!], rotation: [x, y, z, w], scale: [sx, sy, sz] };
}

export function compose4(t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): Matrix4 {
  const [x, y, z, w] = [q[0]!, q[1]!, q[2]!, q[3]!];
  const out = identity4();
  out.set([(1 - 2 * (y * y + z * z)) * s[0]!, 2 * (x * y + z * w) * s[0]!, 2 * (x * z - y * w) * s[0]!], 0);
  out.set([2 * (x * y - z * w) * s[1]!, (1 - 2 * (x * x + z * z)) * s[1]!, 2 * (y * z + x * w) * s[1]!], 4);
  out.set([2 * (x * z + y * w) * s[2]!, 2 * (y * z - x * w) * s[2]!, (1 - 2 * (x * x + y * y)) * s[2]!], 8);
  out.set([t[0]!, t[1]!, t[2]!], 12);
  return out;
}

// Rotations and 4×4 matrices for Transport Fever animations: Euler angles in degrees (KEYFRAME
// animations) and column-major matrices (.ani) to and from translation, quaternion, scale.

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

/**
 * The order `rot = {x, y, z}` (degrees) is applied in: about X first, then Y, then Z, all about
 * fixed axes (R = Rz · Ry · Rx). Transport Fever is Z-up, and this is the yaw-last convention of
 * Z-up tools (Blender's default XYZ Euler mode, which TF exporters write from): x and y tilt the
 * part, z turns it about the vertical. No corpus file has keyframes, so this is a stated choice.
 */
export const TF_ROTATION_ORDER = 'XYZ (R = Rz · Ry · Rx)';

const DEGREES = Math.PI / 180;

/** Unit quaternion (x, y, z, w) of R = Rz(z) · Ry(y) · Rx(x), angles in degrees. */
export function eulerDegreesToQuaternion([x, y, z]: Vec3): Quat {
  const hx = (x * DEGREES) / 2, hy = (y * DEGREES) / 2, hz = (z * DEGREES) / 2;
  const cx = Math.cos(hx), sx = Math.sin(hx), cy = Math.cos(hy), sy = Math.sin(hy), cz = Math.cos(hz), sz = Math.sin(hz);
  return [sx * cy * cz - cx * sy * sz, cx * sy * cz + sx * cy * sz, cx * cy * sz - sx * sy * cz, cx * cy * cz + sx * sy * sz];
}

/** Inverse of eulerDegreesToQuaternion (y in −90..90; at ±90 the X angle takes the whole turn). */
export function quaternionToEulerDegrees(q: Quat): Vec3 {
  const [x, y, z, w] = normalize(q);
  const r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + w * z), r20 = 2 * (x * z - w * y);
  const r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
  const sinY = Math.max(-1, Math.min(1, -r20));
  if (Math.abs(sinY) > 0.9999999) {
    // Gimbal lock: only X ∓ Z is defined; put it all on X (Z = 0).
    const r01 = 2 * (x * y - w * z), r11 = 1 - 2 * (x * x + z * z);
    return [Math.atan2(Math.sign(sinY) * r01, r11) / DEGREES, Math.asin(sinY) / DEGREES, 0];
  }
  return [Math.atan2(r21, r22) / DEGREES, Math.asin(sinY) / DEGREES, Math.atan2(r10, r00) / DEGREES];
}

function normalize(q: Quat): Quat {
  const length = Math.hypot(q[0], q[1], q[2], q[3]);
  return length > 0 ? [q[0] / length, q[1] / length, q[2] / length, q[3] / length] : [0, 0, 0, 1];
}

/**
 * Translation, rotation and scale of a column-major affine matrix (m[column * 4 + row]; the
 * last row is ignored). Scales are the column lengths; when the matrix mirrors (negative
 * determinant) the X scale is negated, so that the rest is a proper rotation. A zero column
 * gives a zero scale and takes the rotation from the other columns where it can.
 */
export function decomposeMatrix(m: ArrayLike<number>): { translation: Vec3; rotation: Quat; scale: Vec3 } {
  const c0: Vec3 = [m[0]!, m[1]!, m[2]!], c1: Vec3 = [m[4]!, m[5]!, m[6]!], c2: Vec3 = [m[8]!, m[9]!, m[10]!];
  let sx = Math.hypot(...c0);
  const sy = Math.hypot(...c1), sz = Math.hypot(...c2);
  const det = c0[0] * (c1[1] * c2[2] - c1[2] * c2[1]) - c1[0] * (c0[1] * c2[2] - c0[2] * c2[1]) + c2[0] * (c0[1] * c1[2] - c0[2] * c1[1]);
  if (det < 0) sx = -sx;
  const axis = (c: Vec3, s: number): Vec3 => (s === 0 ? [0, 0, 0] : [c[0] / s, c[1] / s, c[2] / s]);
  const ax = axis(c0, sx), ay = axis(c1, sy), az = axis(c2, sz);
  const rotation = sx === 0 || sy === 0 || sz === 0 ? [0, 0, 0, 1] as Quat : matrixToQuaternion(ax, ay, az);
  return { translation: [m[12]!, m[13]!, m[14]!], rotation, scale: [sx, sy, sz] };
}

/** Quaternion of the rotation whose columns are x, y, z (Shepperd's method: the largest term first). */
function matrixToQuaternion(x: Vec3, y: Vec3, z: Vec3): Quat {
  const [m00, m10, m20] = x, [m01, m11, m21] = y, [m02, m12, m22] = z;
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  const n = normalize(q);
  // One sign for equal rotations: w ≥ 0.
  return n[3] < 0 ? [-n[0], -n[1], -n[2], -n[3]] : n;
}

/** Column-major T · R · S. */
export function composeMatrix(t: Vec3, q: Quat, s: Vec3): number[] {
  const [x, y, z, w] = normalize(q);
  const r = [
    1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
    2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
    2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y),
  ];
  return [
    r[0]! * s[0], r[1]! * s[0], r[2]! * s[0], 0,
    r[3]! * s[1], r[4]! * s[1], r[5]! * s[1], 0,
    r[6]! * s[2], r[7]! * s[2], r[8]! * s[2], 0,
    t[0], t[1], t[2], 1,
  ];
}

/** The shortest decimal that reads back as the same float32 (so written text stays readable); −0 becomes 0. */
export function shortestFloat32(value: number): number {
  const f = Math.fround(value);
  if (f === 0) return 0;
  if (!Number.isFinite(f)) return f;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(f.toPrecision(digits));
    if (Math.fround(candidate) === f) return candidate;
  }
  return Number(f.toPrecision(9));
}

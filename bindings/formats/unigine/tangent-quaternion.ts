/** Smallest |w| UNIGINE stores, so that the sign of w (the handedness) survives truncation. */
const MIN_W = 0.001;

/**
 * The tangent-space quaternion UNIGINE stores for a normal, a tangent and a handedness: the
 * rotation whose columns are [T, N × T, N] (T made orthogonal to N), with the sign of w set to
 * the handedness (−1 when the bitangent is −N × T). Written as floats (x, y, z, w) at `at`; the
 * caller stores them with the encodeSnorm16 kernel, which truncates like UNIGINE.
 */
export function tangentFrameQuaternion(normal: ArrayLike<number>, tangent: ArrayLike<number>, handedness: number, out: Float32Array, at: number): void {
  let [nx, ny, nz] = normalize(normal[0]!, normal[1]!, normal[2]!, [0, 0, 1]);
  const d = tangent[0]! * nx + tangent[1]! * ny + tangent[2]! * nz;
  let [tx, ty, tz] = normalize(tangent[0]! - d * nx, tangent[1]! - d * ny, tangent[2]! - d * nz, perpendicular(nx, ny, nz));
  const bx = ny * tz - nz * ty;
  const by = nz * tx - nx * tz;
  const bz = nx * ty - ny * tx;
  // Columns: X = T, Y = B, Z = N.
  const [m00, m10, m20, m01, m11, m21, m02, m12, m22] = [tx, ty, tz, bx, by, bz, nx, ny, nz];
  let x: number, y: number, z: number, w: number;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    w = 0.25 * s; x = (m21 - m12) / s; y = (m02 - m20) / s; z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    w = (m21 - m12) / s; x = 0.25 * s; y = (m01 + m10) / s; z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    w = (m02 - m20) / s; x = (m01 + m10) / s; y = 0.25 * s; z = (m12 + m21) / s;
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    w = (m10 - m01) / s; x = (m02 + m20) / s; y = (m12 + m21) / s; z = 0.25 * s;
  }
  const negative = handedness < 0;
  if (w < 0 !== negative) { x = -x; y = -y; z = -z; w = -w; }
  if (Math.abs(w) < MIN_W) w = negative ? -MIN_W : MIN_W;
  out[at] = x;
  out[at + 1] = y;
  out[at + 2] = z;
  out[at + 3] = w;
}

function normalize(x: number, y: number, z: number, fallback: [number, number, number]): [number, number, number] {
  const length = Math.hypot(x, y, z);
  return length > 1e-12 && Number.isFinite(length) ? [x / length, y / length, z / length] : fallback;
}

/** A unit vector perpendicular to the unit vector n. */
export function perpendicular(nx: number, ny: number, nz: number): [number, number, number] {
  // Cross n with the axis it is least aligned with.
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  const [ux, uy, uz] = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  return normalize(ny * uz - nz * uy, nz * ux - nx * uz, nx * uy - ny * ux, [1, 0, 0]);
}

// TypeScript twin of assembly/tangent-space.ts: Math.fround after every float operation.
const f = Math.fround;
const MIN_W = f(0.001);
const MIN_LENGTH = f(1e-12);

/** The unit vector along (x, y, z), or undefined when its length is 0, tiny or not finite. */
function unit(x: number, y: number, z: number): [number, number, number] | undefined {
  const length = f(Math.sqrt(f(f(f(x * x) + f(y * y)) + f(z * z))));
  if (length > MIN_LENGTH && Number.isFinite(length)) return [f(x / length), f(y / length), f(z / length)];
  return undefined;
}

function perpendicular(nx: number, ny: number, nz: number): [number, number, number] {
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  let ex = 0, ey = 0, ez = 0;
  if (ax <= ay && ax <= az) ex = 1;
  else if (ay <= az) ey = 1;
  else ez = 1;
  return unit(f(f(ny * ez) - f(nz * ey)), f(f(nz * ex) - f(nx * ez)), f(f(nx * ey) - f(ny * ex))) ?? [1, 0, 0];
}

function snorm16(v: number): number {
  if (v !== v) v = 0;
  const x = f(v * 32767);
  return x < -32767 ? -32767 : x > 32767 ? 32767 : Math.trunc(x);
}

export function encodeTangentFrames(normals: Float32Array, tangents: Float32Array, hasTangents: boolean, dst: Int16Array): void {
  const count = dst.length >> 2;
  for (let v = 0; v < count; v++) {
    const [nx, ny, nz] = unit(normals[v * 3]!, normals[v * 3 + 1]!, normals[v * 3 + 2]!) ?? [0, 0, 1];
    let hand = 1;
    let t: [number, number, number] | undefined;
    if (hasTangents) {
      const x = tangents[v * 4]!, y = tangents[v * 4 + 1]!, z = tangents[v * 4 + 2]!;
      hand = tangents[v * 4 + 3]!;
      const d = f(f(f(x * nx) + f(y * ny)) + f(z * nz));
      t = unit(f(x - f(d * nx)), f(y - f(d * ny)), f(z - f(d * nz)));
    }
    const [tx, ty, tz] = t ?? perpendicular(nx, ny, nz);
    const bx = f(f(ny * tz) - f(nz * ty)), by = f(f(nz * tx) - f(nx * tz)), bz = f(f(nx * ty) - f(ny * tx));
    let x: number, y: number, z: number, w: number;
    const trace = f(f(tx + by) + nz);
    if (trace > 0) {
      const s = f(f(Math.sqrt(f(trace + 1))) * 2);
      w = f(0.25 * s); x = f(f(bz - ny) / s); y = f(f(nx - tz) / s); z = f(f(ty - bx) / s);
    } else if (tx > by && tx > nz) {
      const s = f(f(Math.sqrt(f(f(f(1 + tx) - by) - nz))) * 2);
      w = f(f(bz - ny) / s); x = f(0.25 * s); y = f(f(bx + ty) / s); z = f(f(nx + tz) / s);
    } else if (by > nz) {
      const s = f(f(Math.sqrt(f(f(f(1 + by) - tx) - nz))) * 2);
      w = f(f(nx - tz) / s); x = f(f(bx + ty) / s); y = f(0.25 * s); z = f(f(ny + bz) / s);
    } else {
      const s = f(f(Math.sqrt(f(f(f(1 + nz) - tx) - by))) * 2);
      w = f(f(ty - bx) / s); x = f(f(nx + tz) / s); y = f(f(ny + bz) / s); z = f(0.25 * s);
    }
    const negative = hand < 0;
    if ((w < 0) !== negative) { x = -x; y = -y; z = -z; w = -w; }
    if (Math.abs(w) < MIN_W) w = negative ? -MIN_W : MIN_W;
    dst[v * 4] = snorm16(x);
    dst[v * 4 + 1] = snorm16(y);
    dst[v * 4 + 2] = snorm16(z);
    dst[v * 4 + 3] = snorm16(w);
  }
}

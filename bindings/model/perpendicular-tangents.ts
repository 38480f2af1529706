/**
 * Tangents a file stores as NaN, infinite or zero-length (Transport Fever files have them)
 * replaced by unit tangents perpendicular to their normals. The axis least aligned with the
 * normal (the smallest |component|, x before y before z on ties) is made perpendicular by one
 * Gram-Schmidt step and normalised: never parallel to the normal, as a fixed +Z was for every
 * Z-facing vertex. A w that is finite and non-zero keeps its sign (handedness), else w = +1; a
 * tangent repaired for its w alone keeps its direction made perpendicular to the normal (the axis
 * as above when that leaves nothing). Without a usable normal the direction is +X (or kept).
 * Returns how many tangents changed.
 */
export function repairTangents(tangents: Float32Array, normals: Float32Array | undefined): number {
  let repaired = 0;
  const float32 = tangents instanceof Float32Array;
  const count = Math.ceil(tangents.length / 4);
  for (let v = 0, t = 0; v < count; v++, t += 4) {
    // The common case in a small loop of its own: float32 squares cannot overflow, so a finite
    // positive sum means a finite direction; w − w is 0 only for a finite w.
    const x = tangents[t]!, y = tangents[t + 1]!, z = tangents[t + 2]!, w = tangents[t + 3]!;
    const lengthSquared = x * x + y * y + z * z;
    if (lengthSquared > 0 && lengthSquared < Infinity && w !== 0 && w - w === 0 && float32) continue;
    if (repairTangent(tangents, normals, v)) repaired++;
  }
  return repaired;
}

/** Repairs tangent `v` when its direction or handedness is unusable; whether it did. */
function repairTangent(tangents: Float32Array, normals: Float32Array | undefined, v: number): boolean {
  const t = v * 4;
  const [x, y, z, w] = [tangents[t]!, tangents[t + 1]!, tangents[t + 2]!, tangents[t + 3]!];
  const directionOk = Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z) && x * x + y * y + z * z > 0;
  const handednessOk = Number.isFinite(w) && w !== 0;
  if (directionOk && handednessOk) return false;
  if (!handednessOk) tangents[t + 3] = 1;
  else tangents[t + 3] = w > 0 ? 1 : -1;
  const [nx, ny, nz] = [normals?.[v * 3] ?? NaN, normals?.[v * 3 + 1] ?? NaN, normals?.[v * 3 + 2] ?? NaN];
  const [px, py, pz] = (directionOk && perpendicularPart(x, y, z, nx, ny, nz)) || perpendicularTo(nx, ny, nz);
  tangents[t] = px;
  tangents[t + 1] = py;
  tangents[t + 2] = pz;
  return true;
}

/** (x, y, z) less its part along the normal (n), normalised; undefined when little is left (or n is unusable and (x, y, z) is kept as it is). */
function perpendicularPart(x: number, y: number, z: number, nx: number, ny: number, nz: number): [number, number, number] | undefined {
  const nn = nx * nx + ny * ny + nz * nz;
  const along = nn > 0 && Number.isFinite(nn) ? (x * nx + y * ny + z * nz) / nn : 0;
  const px = x - along * nx, py = y - along * ny, pz = z - along * nz;
  const length = Math.hypot(px, py, pz);
  return length > 1e-6 * Math.hypot(x, y, z) && Number.isFinite(length) ? [px / length, py / length, pz / length] : undefined;
}

/** A unit vector perpendicular to (x, y, z): its least aligned axis, Gram-Schmidt, normalised; +X when the vector is unusable. */
export function perpendicularTo(x = NaN, y = NaN, z = NaN): [number, number, number] {
  const lengthSquared = x * x + y * y + z * z;
  if (!(lengthSquared > 0) || !Number.isFinite(lengthSquared)) return [1, 0, 0];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  const axis: [number, number, number] = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const along = (axis[0] * x + axis[1] * y + axis[2] * z) / lengthSquared;
  const px = axis[0] - along * x, py = axis[1] - along * y, pz = axis[2] - along * z;
  const length = Math.hypot(px, py, pz);
  return [px / length, py / length, pz / length];
}

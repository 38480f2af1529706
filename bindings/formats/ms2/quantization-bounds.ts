// Bounds the MeshSerializer2 writer quantizes over: tight (the data's own extent, the default)
// or exactly as the original Unity writer computed them.
const f = Math.fround;

/** Per component c of elements of `components` floats: [min0, max0, min1, max1, …] (min, max per axis as stored). */
export function tightBounds(values: Float32Array, components: number): Float32Array {
  const bounds = new Float32Array(components * 2);
  for (let c = 0; c < components; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = c; i < values.length; i += components) {
      const v = values[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    bounds[2 * c] = lo === Infinity ? 0 : lo;
    bounds[2 * c + 1] = hi === -Infinity ? 0 : hi;
  }
  return bounds;
}

/**
 * Unity's `Bounds(arr[0], Vector3(0.001, 0.001, 0.001))` then `Encapsulate` of every position,
 * in float32 as Unity's Bounds keeps them: a center and extents, min and max recomputed from
 * those at every step.
 */
export function unityPositionBounds(positions: Float32Array): Float32Array {
  const center = [positions[0]!, positions[1]!, positions[2]!];
  const halfSize = f(f(0.001) * 0.5);
  const extents = [halfSize, halfSize, halfSize];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const p = positions[i + c]!;
      const lo = f(center[c]! - extents[c]!);
      const hi = f(center[c]! + extents[c]!);
      const newLo = lo < p ? lo : p; // Mathf.Min / Mathf.Max
      const newHi = hi > p ? hi : p;
      extents[c] = f(f(newHi - newLo) * 0.5);
      center[c] = f(newLo + extents[c]!);
    }
  }
  const bounds = new Float32Array(6);
  for (let c = 0; c < 3; c++) {
    bounds[2 * c] = f(center[c]! - extents[c]!);
    bounds[2 * c + 1] = f(center[c]! + extents[c]!);
  }
  return bounds;
}

/** The original writer's UV bounds: the first UV ± 0.001 (Vector2 arithmetic), widened by Mathf.Min/Max. */
export function unityUvBounds(uvs: Float32Array): Float32Array {
  const pad = f(0.001);
  const lo = [f(uvs[0]! - pad), f(uvs[1]! - pad)];
  const hi = [f(uvs[0]! + pad), f(uvs[1]! + pad)];
  for (let i = 0; i + 1 < uvs.length; i += 2) {
    for (let c = 0; c < 2; c++) {
      const v = uvs[i + c]!;
      lo[c] = lo[c]! < v ? lo[c]! : v;
      hi[c] = hi[c]! > v ? hi[c]! : v;
    }
  }
  return Float32Array.of(lo[0]!, hi[0]!, lo[1]!, hi[1]!);
}

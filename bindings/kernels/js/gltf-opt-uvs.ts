// TypeScript twin of assembly/gltf-opt-uvs.ts (the optimized glTF writer's UV pass in the meshopt
// order: vertex-passes.ts's uvOrderLoop, counting values outside 0–1 as uvsForOutput does).

export function uvsForOutputOrdered(src: Float32Array, flipV: boolean, order: Uint32Array, dst: Float32Array, outside: Uint32Array): number {
  const count = src.length >> 1;
  for (let v = 0; v < count; v++) if (order[v]! >= count) return -1;
  let replaced = 0;
  let out = 0;
  for (let v = 0; v < count; v++) {
    const at = order[v]! * 2;
    for (let c = 0; c < 2; c++) {
      let value = src[v * 2 + c]!;
      if (!Number.isFinite(value)) {
        value = 0;
        replaced++;
      }
      if (flipV && c === 1) value = Math.fround(1 - value);
      dst[at + c] = value;
      if (!(value >= 0 && value <= 1)) out++;
    }
  }
  outside[0] = out;
  return replaced;
}

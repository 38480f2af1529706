// TypeScript twin of assembly/gltf-uvs.ts (the glTF writer's UV pass: its loop, as vertex-passes.ts
// has it, with the count of values outside 0–1 in `outside[0]`).

export function uvsForOutput(src: Float32Array, flipV: boolean, dst: Float32Array, outside: Uint32Array): number {
  let replaced = 0;
  let out = 0;
  for (let i = 0; i < src.length; i++) {
    let value = src[i]!;
    if (!Number.isFinite(value)) {
      value = 0;
      replaced++;
    }
    if (flipV && (i & 1) === 1) value = Math.fround(1 - value);
    dst[i] = value;
    if (!(value >= 0 && value <= 1)) out++;
  }
  outside[0] = out;
  return replaced;
}

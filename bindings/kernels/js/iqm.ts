// TypeScript twin of assembly/iqm.ts.
const f = Math.fround;

export function dequantizeIqmFrames(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Float32Array): void {
  const poseCount = masks.length;
  let p = 0;
  let o = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = masks[j]!;
      const base = j * 10;
      for (let k = 0; k < 10; k++, o++) {
        dst[o] = mask & (1 << k) ? f(offsets[base + k]! + f(frames[p++]! * scales[base + k]!)) : offsets[base + k]!;
      }
    }
  }
}

// TypeScript twin of assembly/iqm-quantize.ts.

export function iqmQuantizeWeights(src: Float32Array, dst: Uint8Array): void {
  for (let v = 0; v + 3 < src.length; v += 4) {
    let sum = 0;
    for (let c = 0; c < 4; c++) sum += Math.max(src[v + c]!, 0) || 0;
    if (sum <= 0) {
      dst.fill(0, v, v + 4);
      continue;
    }
    let total = 0;
    let largest = v;
    for (let c = 0; c < 4; c++) {
      dst[v + c] = Math.round(((Math.max(src[v + c]!, 0) || 0) / sum) * 255);
      total += dst[v + c]!;
      if (dst[v + c]! > dst[largest]!) largest = v + c;
    }
    dst[largest] = dst[largest]! + 255 - total;
  }
}

export function iqmQuantizeColors(src: Float32Array, dst: Uint8Array): void {
  for (let i = 0; i < src.length; i++) dst[i] = Math.round(Math.min(Math.max(src[i]!, 0), 1) * 255);
}

export function iqmJointsToUbyte(src: Uint16Array, dst: Uint8Array): number {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v > 0xff) return i;
    dst[i] = v;
  }
  return -1;
}

const f = Math.fround;

export function quantizeIqmFrames(dense: Float32Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Uint16Array): void {
  const poseCount = masks.length;
  let o = 0;
  let p = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let j = 0; j < poseCount; j++, p += 10) {
      const mask = masks[j]!;
      for (let k = 0; k < 10; k++) {
        if (!(mask & (1 << k))) continue;
        const q = f(f(0.5) + f(f(dense[p + k]! - offsets[j * 10 + k]!) / scales[j * 10 + k]!));
        dst[o++] = q >= 65535 ? 65535 : q > 0 ? Math.trunc(q) : 0;
      }
    }
  }
}

export function iqmChannelRanges(dense: Float32Array, frameCount: number, poseCount: number, dstMin: Float32Array, dstMax: Float32Array): void {
  const channels = poseCount * 10;
  dstMin.fill(Infinity, 0, channels);
  dstMax.fill(-Infinity, 0, channels);
  for (let frame = 0, p = 0; frame < frameCount; frame++, p += channels) {
    for (let c = 0; c < channels; c++) {
      const v = dense[p + c]!;
      if (v < dstMin[c]!) dstMin[c] = v;
      if (v > dstMax[c]!) dstMax[c] = v;
    }
  }
}

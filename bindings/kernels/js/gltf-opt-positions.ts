// TypeScript twin of assembly/gltf-opt-positions.ts (the optimized glTF writer's positions: the
// box and grid loops quantize-source-positions.ts had, with the box of the quantized values and
// every slot of `dst` written).

function roundHalfUp(x: number): number {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

export function sourcePositionsBox(src: Float32Array, toYUp: boolean, box: Float64Array): number {
  box.fill(Infinity, 0, 3).fill(-Infinity, 3, 6);
  let replaced = 0;
  for (let i = 0; i + 2 < src.length; i += 3) {
    let x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) { x = 0; replaced++; }
    if (!Number.isFinite(y)) { y = 0; replaced++; }
    if (!Number.isFinite(z)) { z = 0; replaced++; }
    if (x < box[0]!) box[0] = x;
    if (x > box[3]!) box[3] = x;
    if (y < box[1]!) box[1] = y;
    if (y > box[4]!) box[4] = y;
    if (z < box[2]!) box[2] = z;
    if (z > box[5]!) box[5] = z;
  }
  return replaced;
}

function orderInRange(order: Uint32Array, count: number): boolean {
  for (let v = 0; v < count; v++) if (order[v]! >= count) return false;
  return true;
}

export function quantizeSourcePositions(src: Float32Array, toYUp: boolean, ox: number, oy: number, oz: number, step: number, top: number, order: Uint32Array | undefined, dst: Uint8Array | Uint16Array, minMax: Float64Array): number {
  const count = Math.floor(src.length / 3);
  if (order && !orderInRange(order, count)) return -1;
  minMax.fill(Infinity, 0, 3).fill(-Infinity, 3, 6);
  let maxError = 0;
  for (let i = 0, v = 0; v < count; i += 3, v++) {
    let x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) x = 0;
    if (!Number.isFinite(y)) y = 0;
    if (!Number.isFinite(z)) z = 0;
    const at = (order ? order[v]! : v) * 4;
    const qx = Math.min(top, Math.max(0, roundHalfUp((x - ox) / step)));
    const qy = Math.min(top, Math.max(0, roundHalfUp((y - oy) / step)));
    const qz = Math.min(top, Math.max(0, roundHalfUp((z - oz) / step)));
    dst[at] = qx;
    dst[at + 1] = qy;
    dst[at + 2] = qz;
    dst[at + 3] = 0;
    const ex = Math.abs(ox + qx * step - x);
    const ey = Math.abs(oy + qy * step - y);
    const ez = Math.abs(oz + qz * step - z);
    if (ex > maxError) maxError = ex;
    if (ey > maxError) maxError = ey;
    if (ez > maxError) maxError = ez;
    if (qx < minMax[0]!) minMax[0] = qx;
    if (qy < minMax[1]!) minMax[1] = qy;
    if (qz < minMax[2]!) minMax[2] = qz;
    if (qx > minMax[3]!) minMax[3] = qx;
    if (qy > minMax[4]!) minMax[4] = qy;
    if (qz > minMax[5]!) minMax[5] = qz;
  }
  return maxError;
}

// TypeScript twins of assembly/unigine.ts: Math.fround after every float operation.
const f = Math.fround;

const AXES_SET = [0, 1, 1, 2, 1, 2, 2, 3];

export function expandQuantizedFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Uint16Array, rotations: Int16Array, scales: Uint16Array,
  box: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrames(flags, frameCount, boneCount, positions, rotations, scales, box, initial, dstT, dstR, dstS);
}

export function expandFloatFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Float32Array, rotations: Int16Array, scales: Float32Array,
  initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrames(flags, frameCount, boneCount, positions, rotations, scales, undefined, initial, dstT, dstR, dstS);
}

function expandFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Uint16Array | Float32Array, rotations: Int16Array, scales: Uint16Array | Float32Array,
  box: Float32Array | undefined, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let bone = 0; bone < boneCount; bone++) {
      const entry = frame * boneCount + bone;
      const flag = flags[entry]!;
      const positionBits = flag & 7;
      const scaleBits = (flag >> 4) & 7;
      const positionTake = AXES_SET[positionBits]!;
      const scaleTake = AXES_SET[scaleBits]!;
      if (pi + positionTake > positions.length || ri + (flag & 8 ? 4 : 0) > rotations.length || si + scaleTake > scales.length) return entry;
      const key = bone * frameCount + frame;
      const first = bone * 10;
      const t = key * 3;
      const r = key * 4;
      const s = key * 3;
      if (frame === 0) {
        expandChannel(positionBits, positions, pi, box, 0, initial, first, dstT, t);
        expandChannel(scaleBits, scales, si, box, 6, initial, first + 7, dstS, s);
      } else {
        expandChannel(positionBits, positions, pi, box, 0, dstT, t - 3, dstT, t);
        expandChannel(scaleBits, scales, si, box, 6, dstS, s - 3, dstS, s);
      }
      pi += positionTake;
      si += scaleTake;
      if (flag & 8) {
        for (let c = 0; c < 4; c++) dstR[r + c] = f(rotations[ri + c]! / 32767);
        ri += 4;
      } else if (frame === 0) {
        for (let c = 0; c < 4; c++) dstR[r + c] = initial[first + 3 + c]!;
      } else {
        for (let c = 0; c < 4; c++) dstR[r + c] = dstR[r - 4 + c]!;
      }
    }
  }
  return -1;
}

function expandChannel(
  bits: number, stream: Uint16Array | Float32Array, first: number, box: Float32Array | undefined, boxAt: number,
  prev: Float32Array, prevAt: number, out: Float32Array, outAt: number,
): void {
  let taken = first;
  for (let c = 0; c < 3; c++) {
    if ((bits >> c) & 1) {
      const stored = stream[taken++]!;
      out[outAt + c] = box ? f(box[boxAt + c]! + f(box[boxAt + 3 + c]! * f(stored / 65535))) : stored;
    } else {
      out[outAt + c] = prev[prevAt + c]!;
    }
  }
}

export function tangentFrames(quats: Int16Array, dstNormals: Float32Array, dstTangents: Float32Array): void {
  const count = quats.length >> 2;
  for (let i = 0; i < count; i++) {
    let x = f(quats[4 * i]! / 32767);
    let y = f(quats[4 * i + 1]! / 32767);
    let z = f(quats[4 * i + 2]! / 32767);
    let w = f(quats[4 * i + 3]! / 32767);
    const length = f(Math.sqrt(f(f(f(x * x) + f(y * y)) + f(f(z * z) + f(w * w)))));
    if (length === 0) {
      w = 1;
    } else {
      x = f(x / length);
      y = f(y / length);
      z = f(z / length);
      w = f(w / length);
    }
    dstTangents[4 * i] = f(1 - f(2 * f(f(y * y) + f(z * z))));
    dstTangents[4 * i + 1] = f(2 * f(f(x * y) + f(w * z)));
    dstTangents[4 * i + 2] = f(2 * f(f(x * z) - f(w * y)));
    dstTangents[4 * i + 3] = w < 0 ? -1 : 1;
    dstNormals[3 * i] = f(2 * f(f(x * z) + f(w * y)));
    dstNormals[3 * i + 1] = f(2 * f(f(y * z) - f(w * x)));
    dstNormals[3 * i + 2] = f(1 - f(2 * f(f(x * x) + f(y * y))));
  }
}

export function gatherComponents(src: Float32Array, components: number, indices: Uint32Array, dst: Float32Array): number {
  // Through integer views, so that NaN payloads are copied exactly as WebAssembly copies them.
  const from = new Uint32Array(src.buffer, src.byteOffset, src.length);
  const to = new Uint32Array(dst.buffer, dst.byteOffset, dst.length);
  const srcCount = Math.floor(src.length / components);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (index >= srcCount) return i;
    for (let c = 0; c < components; c++) to[i * components + c] = from[index * components + c]!;
  }
  return -1;
}

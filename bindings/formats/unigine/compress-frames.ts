// Frame compression on encode: frame 0 stores every channel, later frames the channels whose
// stored value changed, as the file's records, made by the compressFrameRecords kernel in one pass.
//
// Alternatives, measured on the speed bar's tiled mrfixit (.mesh, 126 frames × 75 bones,
// wasm-simd, shared 2-core machine at load 9–12): the flags and three streams built in TypeScript
// (storeChanges, a branch per value), then joined into records by writeFrames (the encoder
// before): 22 % of the encode's profile; the records made by the compressFrameRecords kernel in
// a workspace and handed to the writer as they are (this file): the kernel 5 % of the profile,
// the whole encode 1.22–1.33× faster (bench/unigine-cpu-before-after.bench.mts, four runs). Both
// keep the writer's bytes (bench/writer-hashes.ts). Not kept: the skin weights packed into the
// file's records in one workspace as well (packSkinWeights then packWeightRecords, no copy of
// bones and values back): 98 → 83 µs of the ~1.2 ms encode, not worth a document type of its own.
// The channels are sampled straight into this workspace (SampledFrames.fill, this file now)
// instead of into three arrays of their own copied here afterwards (378 KB of fresh arrays per
// encode of tiled mrfixit): the encode 1.38× faster, interleaved against the tree before (load ~8).
import type { Kernels } from '../../kernels/kernels.js';
import type { QuantizeMode } from '../../kernels/raw-kernels.js';
import { ALL_CHANNELS_MASK, type UnigineAnimAnimation, type UnigineFrames, type UnigineMeshAnimation } from './mesh-document.js';
import { sampledChannelInto, type SampledAnimation, type SampledFrames } from './sample-animation.js';
import { StagedFrames } from './stored-arrays.js';

/**
 * How the frames are handed over: 'records' (the file's records, kept as they are until a stream
 * is read: for writing the document at once) or 'streams' (flags and streams, plain arrays).
 */
export type FramesUse = 'records' | 'streams';

/** ms11 frames: float32 positions and scales; a frame stores only the channels that changed. */
export function floatFrames(kernels: Kernels, sampled: SampledAnimation | SampledFrames, use: FramesUse = 'streams'): UnigineMeshAnimation {
  return compressFrames(kernels, sampled, 'u32', use, (a) => {
    // Sampled straight into the workspace as float32 (fillFrames moves bits: as a copy of the bits would).
    sampledChannelInto(sampled, 'translations', asFloat32(a.positions as Uint32Array));
    sampledChannelInto(sampled, 'scales', asFloat32(a.scales as Uint32Array));
  }) as UnigineMeshAnimation;
}

/**
 * an10 frames: positions and scales quantized to uint16 over their per-animation boxes
 * (`truncate` as UNIGINE does, or `round`); a frame stores only the channels whose stored value changed.
 */
export function quantizedFrames(kernels: Kernels, sampled: SampledAnimation | SampledFrames, mode: QuantizeMode, use: FramesUse = 'streams'): UnigineAnimAnimation {
  let positionBox: [Float32Array, Float32Array] = [new Float32Array(3), new Float32Array(3)];
  let scaleBox = positionBox;
  const frames = compressFrames(kernels, sampled, 'u16', use, (a) => {
    const staged = a.floats.subarray(0, a.positions.length);
    sampledChannelInto(sampled, 'translations', staged);
    positionBox = box(staged);
    kernels.quantizeUnorm16(staged, 3, positionBox[0], positionBox[1], mode, a.positions as Uint16Array<ArrayBuffer>);
    sampledChannelInto(sampled, 'scales', staged);
    scaleBox = box(staged);
    kernels.quantizeUnorm16(staged, 3, scaleBox[0], scaleBox[1], mode, a.scales as Uint16Array<ArrayBuffer>);
  });
  const [positionMin, positionSize] = positionBox;
  const [scaleMin, scaleSize] = scaleBox;
  // Own properties on a StagedFrames too (a spread would drop its stream getters).
  return Object.assign(frames, { positionMin, positionSize, scaleMin, scaleSize }) as UnigineAnimAnimation;
}

function framesLayout(kind: 'u32' | 'u16', entries: number) {
  const width = kind === 'u32' ? 4 : 2;
  return {
    // Each float channel staged here in turn for the kernels that convert it: every array of a
    // kernel call in the workspace, so that no call stages (and grows the memory under) another.
    floats: ['f32', entries * 4],
    positions: [kind, entries * 3],
    scales: [kind, entries * 3],
    rotations: ['i16', entries * 4],
    flags: ['u8', entries],
    // The most a frame entry takes: its flag, six channel values and a rotation.
    records: ['u8', entries * (9 + 6 * width)],
  } as const;
}

/** Records (and flags) of `sampled`, its positions and scales staged by `stage` as `kind`. */
function compressFrames(
  kernels: Kernels, sampled: SampledAnimation | SampledFrames, kind: 'u32' | 'u16', use: FramesUse,
  stage: (arrays: { floats: Float32Array; positions: Uint32Array | Uint16Array; scales: Uint32Array | Uint16Array }) => void,
): UnigineFrames<Float32Array | Uint16Array> {
  const bones = sampled.joints.length;
  const frameCount = sampled.frameCount;
  const ws = kernels.workspace(framesLayout(kind, frameCount * bones));
  let flags: Uint8Array;
  let records: Uint8Array;
  try {
    const a = ws.arrays;
    stage(a);
    const rotations = a.floats;
    sampledChannelInto(sampled, 'rotations', rotations);
    kernels.encodeSnorm16(rotations, a.rotations as Int16Array<ArrayBuffer>);
    const length = kernels.raw.compressFrameRecords(a.positions, a.rotations, a.scales, frameCount, bones, a.flags, a.records);
    flags = a.flags.slice();
    records = a.records.slice(0, length);
  } finally {
    ws.release();
  }
  const staged = new StagedFrames<Float32Array | Uint16Array>(sampled.name, Int16Array.from(sampled.joints), ALL_CHANNELS_MASK, frameCount, { bytes: records, flags, channelBytes: kind === 'u32' ? 4 : 2 });
  if (use === 'records') return staged;
  const { positions, rotations, scales } = staged;
  return { name: staged.name, boneIndices: staged.boneIndices, mask: staged.mask, frameCount, flags, positions, rotations, scales };
}

/** A float channel's workspace array (its bits: compared and moved as stored, −0 and 0 differ, so do NaN payloads) as float32. */
function asFloat32(values: Uint32Array): Float32Array {
  return new Float32Array(values.buffer, values.byteOffset, values.length);
}

/** Per axis min and size (max − min) over xyz triples, as float32. */
function box(values: Float32Array): [Float32Array, Float32Array] {
  const min = new Float32Array(3);
  const size = new Float32Array(3);
  for (let c = 0; c < 3; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = c; i < values.length; i += 3) {
      if (values[i]! < lo) lo = values[i]!;
      if (values[i]! > hi) hi = values[i]!;
    }
    min[c] = lo <= hi ? lo : 0;
    size[c] = lo <= hi ? hi - lo : 0;
  }
  return [min, size];
}


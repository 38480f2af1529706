import { checkFloatRows, checkKeyLines } from './js/apg-format-floats.js';
import { checkKeyLineArrays } from './js/key-values.js';
import { instantiateSync } from '@assemblyscript/loader';
import type { RawKernels } from './raw-kernels.js';
import { WasmArena, type TypedArray } from './wasm-arena.js';

/** The exports of assembly/index.ts (pointers and counts are i32). */
interface KernelExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  simdBuild(): number;
  dequantizeUnorm16(src: number, count: number, components: number, min: number, size: number, dst: number): void;
  dequantizeUnorm16Signs(src: number, count: number, components: number, min: number, size: number, signs: number, dst: number): void;
  decodeSnorm8Signs(src: number, count: number, components: number, signs: number, dst: number): void;
  quantizeUnorm16(src: number, count: number, components: number, min: number, size: number, mode: number, dst: number): void;
  quantizeUnorm16Signs(src: number, count: number, components: number, min: number, size: number, signs: number, mode: number, dst: number): void;
  encodeSnorm8Signs(src: number, count: number, components: number, signs: number, dst: number): void;
  firstNonFiniteF32(src: number, count: number): number;
  compressNormals(src: number, count: number, dst: number): void;
  decompressNormals(src: number, count: number, dst: number): void;
  decodeSnorm8(src: number, count: number, dst: number): void;
  encodeSnorm8(src: number, count: number, dst: number): void;
  decodeSnorm16(src: number, count: number, dst: number): void;
  encodeSnorm16(src: number, count: number, dst: number): void;
  maxIndexU32(src: number, count: number): number;
  widenU8ToU32(src: number, count: number, dst: number): void;
  widenU16ToU32(src: number, count: number, dst: number): void;
  narrowU32ToU16(src: number, count: number, dst: number): number;
  narrowU32ToU8(src: number, count: number, dst: number): number;
  dequantizeIqmFrames(frames: number, frameCount: number, poseCount: number, masks: number, offsets: number, scales: number, dst: number): void;
  dequantizeIqmTracks(frames: number, frameCount: number, poseCount: number, masks: number, offsets: number, scales: number, dst: number): void;
  expandQuantizedFrames(flags: number, frameCount: number, boneCount: number, positions: number, positionCount: number, rotations: number, rotationCount: number, scales: number, scaleCount: number, box: number, initial: number, dstT: number, dstR: number, dstS: number): number;
  expandFloatFrames(flags: number, frameCount: number, boneCount: number, positions: number, positionCount: number, rotations: number, rotationCount: number, scales: number, scaleCount: number, initial: number, dstT: number, dstR: number, dstS: number): number;
  expandFloatFrameRecords(records: number, length: number, frames: number, boneCount: number, initial: number, keyFirst: number, keyCount: number, dstT: number, dstR: number, dstS: number): number;
  expandQuantizedFrameRecords(records: number, length: number, frames: number, boneCount: number, box: number, initial: number, keyFirst: number, keyCount: number, dstT: number, dstR: number, dstS: number): number;
  tangentFrames(quats: number, count: number, dstNormals: number, dstTangents: number): void;
  weldIndexStreams(streams: number, streamCount: number, count: number, limits: number, keyStream: number, table: number, capacity: number, dstIndices: number, dstTuples: number): number;
  encodeTangentFrames(normals: number, tangents: number, hasTangents: number, count: number, dst: number): void;
  gatherComponents(src: number, srcCount: number, components: number, indices: number, count: number, dst: number): number;
  parseFloats(text: number, length: number, dst: number, capacity: number): number;
  blankKeyLines(text: number, length: number, word: number, fields: number): number;
  formatFloatRows(src: number, count: number, width: number, dst: number): number;
  parseKeyLines(text: number, length: number, word: number, components: number, times: number, values: number, capacity: number): number;
  formatKeyLines(times: number, values: number, keys: number, components: number, word: number, dst: number): number;
  weldVertices(words: number, stride: number, count: number, table: number, capacity: number, dstIndices: number, dstFirst: number): number;
  gatherUnorm8(src: number, srcCount: number, components: number, indices: number, count: number, dst: number): number;
  gatherSkinWeights(counts: number, sourceCount: number, bones: number, values: number, recordCount: number, jointOf: number, jointCount: number, vertexOf: number, count: number, first: number, dstJoints: number, dstWeights: number): number;
  iqmComponentsToFloat32(src: number, format: number, normalized: number, vertexCount: number, srcSize: number, dstSize: number, fill: number, dst: number): void;
  iqmJointIndices(src: number, format: number, vertexCount: number, srcSize: number, limit: number, dst: number): number;
  windIqmTriangles(src: number, count: number, first: number, vertexCount: number, dst: number, width: number): number;
  iqmQuantizeWeights(src: number, vertexCount: number, dst: number): void;
  iqmQuantizeColors(src: number, count: number, dst: number): void;
  iqmClockwiseTriangles(src: number, count: number, width: number, base: number, dst: number): void;
  iqmJointsToUbyte(src: number, count: number, dst: number): number;
  quantizeIqmFrames(dense: number, frameCount: number, poseCount: number, masks: number, offsets: number, scales: number, dst: number): void;
  iqmChannelRanges(dense: number, frameCount: number, poseCount: number, dstMin: number, dstMax: number): void;
  iqmSegmentRanges(pool: number, segments: number, segmentCount: number, channelCount: number, dstMin: number, dstMax: number): void;
  quantizeIqmColumns(pool: number, columns: number, columnCount: number, frameCounts: number, animationCount: number, offsets: number, scales: number, dst: number): void;
  boxOfPoints(points: number, count: number, dst: number): void;
  farthestSquaredDistance(points: number, count: number, cx: number, cy: number, cz: number): number;
  packSkinWeights(joints: number, weights: number, count: number, boneCount: number, dstCounts: number, dstBones: number, dstValues: number): number;
  reverseWindingU16(src: number, count: number, base: number, dst: number): void;
  packWeightRecords(counts: number, count: number, bones: number, values: number, weightCount: number, dst: number, capacity: number): number;
  maxIndexU16(src: number, count: number): number;
  maxIndexU8(src: number, count: number): number;
  weldSharedIndices(streams: number, count: number, limit0: number, limit1: number, table: number, dstIndices: number, dstTuples: number, dstIdentity: number): number;
  countOutsideUnit(src: number, count: number): number;
  walkSkinRecords(src: number, length: number, vertexCount: number, boneCount: number, dstCounts: number, dstBadBone: number): number;
  walkFrameRecords(src: number, length: number, entries: number, channelBytes: number, dstFlags: number): number;
  unitNormals(src: number, count: number, toYUp: number, tolerance: number, dst: number, counts: number): void;
  positionsOnAxes(src: number, count: number, toYUp: number, dst: number, box: number): number;
  uvsForOutput(src: number, count: number, flipV: number, dst: number, outside: number): number;
  unitTangents(src: number, count: number, toYUp: number, tolerance: number, dst: number, counts: number): number;
  snormNormals(src: number, count: number, toYUp: number, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: number, hasOrder: number, dst: number, wide: number, counts: number): number;
  snormTangents(src: number, count: number, toYUp: number, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: number, hasOrder: number, dst: number, wide: number, counts: number, replacedList: number): number;
  sourcePositionsBox(src: number, count: number, toYUp: number, box: number): number;
  quantizeSourcePositions(src: number, count: number, toYUp: number, ox: number, oy: number, oz: number, step: number, top: number, order: number, hasOrder: number, dst: number, wide: number, minMax: number): number;
  uvsForOutputOrdered(src: number, count: number, flipV: number, order: number, dst: number, outside: number): number;
  normalizeSkin(joints: number, weights: number, count: number, jointCount: number, wideJoints: number, tolerance: number, dstJoints: number, dstWeights: number, found: number): void;
  countUsedValues(src: number, count: number, limit: number, seen: number): number;
  spanU32(src: number, count: number, dst: number): void;
  countUsedValuesFrom(src: number, count: number, base: number, limit: number, seen: number, rebased: number, rebasedCount: number): number;
  firstUnusableTangent(src: number, count: number): number;
  flipV(src: number, count: number, dst: number): void;
  offsetIndicesU16(src: number, count: number, base: number, limit: number, seen: number, dst: number): number;
  offsetIndicesU32(src: number, count: number, base: number, limit: number, seen: number, dst: number): number;
  countUsedNarrowU16(src: number, count: number, base: number, limit: number, seen: number, dst: number): number;
  gatherSkinRecords(counts: number, sourceCount: number, records: number, length: number, jointOf: number, jointCount: number, vertexOf: number, count: number, first: number, dstJoints: number, dstWeights: number): number;
  compressFrameRecords(positions: number, rotations: number, scales: number, frames: number, bones: number, channelBytes: number, dstFlags: number, dst: number): number;
  decodeBase64(src: number, count: number, dst: number): number;
  decodeNormalizedI8(src: number, step: number, components: number, count: number, dst: number): void;
  decodeNormalizedU8(src: number, step: number, components: number, count: number, dst: number): void;
  decodeNormalizedI16(src: number, step: number, components: number, count: number, dst: number): void;
  decodeNormalizedU16(src: number, step: number, components: number, count: number, dst: number): void;
}

/**
 * Instantiates an AssemblyScript module through @assemblyscript/loader, whose `abort` import
 * turns an abort inside WebAssembly into an Error with the message, file, line and column.
 */
export function instantiateWithLoader<T extends Record<string, unknown>>(module: WebAssembly.Module): T {
  return instantiateSync<T>(module, {}).exports as unknown as T;
}

export function instantiateKernelModule(module: WebAssembly.Module): { exports: KernelExports; arena: WasmArena } {
  const exports = directExports(instantiateWithLoader<KernelExports & Record<string, unknown>>(module));
  return { exports, arena: new WasmArena(exports.memory, exports.heapBase()) };
}

/**
 * The module's own functions in place of the loader's wrappers. The loader wraps every exported
 * function in `(...args) => { setArgumentsLength(args.length); return f(...args); }`, for
 * AssemblyScript's optional parameters; the kernels have none (the module exports no
 * `__setArgumentsLength`, so the loader's is a no-op), and the rest array and spread cost every
 * kernel call about 30–60 ns (measured with the 12-element dequantizeUnorm16 below).
 */
function directExports<T extends Record<string, unknown>>(wrapped: T): T {
  if ('__setArgumentsLength' in wrapped || '__argumentsLength' in wrapped || '__setargc' in wrapped) return wrapped;
  const direct: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(wrapped)) direct[name] = typeof value === 'function' ? ((value as { original?: unknown }).original ?? value) : value;
  return direct as T;
}

/**
 * Runs `body` on pointers for `inputs` and `outputs`, with each array's element count taken
 * before anything is staged (staging may grow the memory, which empties views into it).
 * Arrays already in WebAssembly memory are used in place; others are copied in (inputs) or
 * copied back after the call (outputs). Temporary space is released afterwards.
 *
 * This runs on every kernel call, so its fixed cost is every small call's: each array's
 * properties are read once (the loads see every typed-array kind, so each is megamorphic), all
 * staged arrays get one allocation, and no array is spread. Measured (wasm-simd, 12-element
 * dequantizeUnorm16 with four staged arrays, shared 2-core machine): 551 ns a call before, when
 * each staged array had its own allocation and views, and `[...inputs, ...outputs]` was built.
 */
export function onPointers<R>(
  arena: WasmArena,
  inputs: readonly TypedArray[],
  outputs: readonly TypedArray[],
  body: (ptrs: number[], counts: number[]) => R,
): R {
  const inputCount = inputs.length;
  const total = inputCount + outputs.length;
  const counts: number[] = [];
  const ptrs: number[] = [];
  const memory = arena.memory.buffer;
  // Staged arrays: their index, buffer, byte offset and byte length, four numbers or objects each.
  let staged: (number | ArrayBufferLike)[] | undefined;
  let stagedBytes = 0;
  let ownedOutput = false;
  /** Pairs (output index, input index) of outputs that are inputs of the call too. */
  let aliases: number[] | undefined;
  for (let i = 0; i < total; i++) {
    const array = i < inputCount ? inputs[i]! : outputs[i - inputCount]!;
    const buffer = array.buffer;
    counts.push(array.length);
    if (buffer === memory) {
      ptrs.push(array.byteOffset);
      if (i >= inputCount) ownedOutput = true;
    } else {
      ptrs.push(0);
      const byteLength = array.byteLength;
      (staged ??= []).push(i, buffer, array.byteOffset, byteLength);
      // An output that is also an input of the call (changed in place, as the twins allow): the
      // input's staged copy serves as both, so that what the kernel leaves unwritten comes back
      // as it was (a copy of its own came back with whatever the arena held).
      const input = i >= inputCount ? inputs.indexOf(array) : -1;
      if (input >= 0) (aliases ??= []).push(i, input);
      else stagedBytes += alignStaged(byteLength);
    }
  }
  // Everything already in WebAssembly memory (workspace arrays): nothing to stage.
  if (!staged) return body(ptrs, counts);
  const mark = arena.top;
  try {
    let ptr = arena.alloc(stagedBytes);
    const memoryNow = arena.memory.buffer;
    if (ownedOutput && memoryNow !== memory) {
      throw new RangeError('meshcodec: staging this call grew WebAssembly memory, which detaches the workspace array given as its output; reserve room for every array of the call in one workspace');
    }
    const bytes = new Uint8Array(memoryNow);
    for (let s = 0; s < staged.length; s += 4) {
      const i = staged[s] as number;
      const byteLength = staged[s + 3] as number;
      const input = aliases ? aliasedInput(aliases, i) : -1;
      if (input >= 0) {
        ptrs[i] = ptrs[input]!;
        continue;
      }
      ptrs[i] = ptr;
      if (i < inputCount) bytes.set(new Uint8Array(staged[s + 1] as ArrayBufferLike, staged[s + 2] as number, byteLength), ptr);
      ptr += alignStaged(byteLength);
    }
    const result = body(ptrs, counts);
    if (total > inputCount) {
      const after = arena.memory.buffer;
      for (let s = 0; s < staged.length; s += 4) {
        const i = staged[s] as number;
        if (i < inputCount) continue;
        const byteLength = staged[s + 3] as number;
        new Uint8Array(staged[s + 1] as ArrayBufferLike, staged[s + 2] as number, byteLength).set(new Uint8Array(after, ptrs[i]!, byteLength));
      }
    }
    return result;
  } finally {
    arena.top = mark;
  }
}

/** The input an output of onPointers is (its index), or −1. */
function aliasedInput(aliases: readonly number[], output: number): number {
  for (let a = 0; a < aliases.length; a += 2) if (aliases[a] === output) return aliases[a + 1]!;
  return -1;
}

/** Staged arrays lie 16-byte aligned, as the arena's allocations do. */
function alignStaged(byteLength: number): number {
  return (byteLength + 15) & ~15;
}

const EMPTY_U32 = new Uint32Array(0);

/** The snorm kernels read and write by the vertex count: never past these arrays. */
function snormArrays(count: number, order: Uint32Array | undefined, dst: Int8Array | Int16Array, counts: Uint32Array, countsLength: number): void {
  if ((order && order.length < count) || dst.length < count * 4 || counts.length < countsLength) throw new RangeError('meshcodec: snorm vector arrays are shorter than the vertex count needs');
}

/** RawKernels over one instantiated module. */
export function wasmRawKernels(exports: KernelExports, arena: WasmArena): RawKernels {
  const run = <R>(inputs: TypedArray[], outputs: TypedArray[], body: (p: number[], n: number[]) => R): R => onPointers(arena, inputs, outputs, body);
  return {
    dequantizeUnorm16: (src, components, min, size, dst) =>
      run([src, min, size], [dst], ([s, m, z, d], [n]) => exports.dequantizeUnorm16(s!, n!, components, m!, z!, d!)),
    dequantizeUnorm16Signs: (src, components, min, size, signs, dst) =>
      run([src, min, size, signs], [dst], ([s, m, z, x, d], [n]) => exports.dequantizeUnorm16Signs(s!, n!, components, m!, z!, x!, d!)),
    decodeSnorm8Signs: (src, components, signs, dst) => run([src, signs], [dst], ([s, x, d], [n]) => exports.decodeSnorm8Signs(s!, n!, components, x!, d!)),
    quantizeUnorm16: (src, components, min, size, round, dst) =>
      run([src, min, size], [dst], ([s, m, z, d], [n]) => exports.quantizeUnorm16(s!, n!, components, m!, z!, round ? 1 : 0, d!)),
    quantizeUnorm16Signs: (src, components, min, size, signs, round, dst) =>
      run([src, min, size, signs], [dst], ([s, m, z, x, d], [n]) => exports.quantizeUnorm16Signs(s!, n!, components, m!, z!, x!, round ? 1 : 0, d!)),
    encodeSnorm8Signs: (src, components, signs, dst) => run([src, signs], [dst], ([s, x, d], [n]) => exports.encodeSnorm8Signs(s!, n!, components, x!, d!)),
    firstNonFiniteF32: (src) => run([src], [], ([s], [n]) => exports.firstNonFiniteF32(s!, n!)),
    compressNormals: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.compressNormals(s!, n!, d!)),
    decompressNormals: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.decompressNormals(s!, n!, d!)),
    decodeSnorm8: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.decodeSnorm8(s!, n!, d!)),
    encodeSnorm8: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.encodeSnorm8(s!, n!, d!)),
    decodeSnorm16: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.decodeSnorm16(s!, n!, d!)),
    encodeSnorm16: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.encodeSnorm16(s!, n!, d!)),
    maxIndexU32: (src) => run([src], [], ([s], [n]) => exports.maxIndexU32(s!, n!) >>> 0),
    widenU8ToU32: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.widenU8ToU32(s!, n!, d!)),
    widenU16ToU32: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.widenU16ToU32(s!, n!, d!)),
    narrowU32ToU16: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.narrowU32ToU16(s!, n!, d!)),
    narrowU32ToU8: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.narrowU32ToU8(s!, n!, d!)),
    dequantizeIqmFrames: (frames, frameCount, masks, offsets, scales, dst) =>
      run([frames, masks, offsets, scales], [dst], ([f, m, o, s, d], [, poseCount]) => exports.dequantizeIqmFrames(f!, frameCount, poseCount!, m!, o!, s!, d!)),
    dequantizeIqmTracks: (frames, frameCount, masks, offsets, scales, dst) =>
      run([frames, masks, offsets, scales], [dst], ([f, m, o, s, d], [, poseCount]) => exports.dequantizeIqmTracks(f!, frameCount, poseCount!, m!, o!, s!, d!)),
    expandQuantizedFrames: (flags, frameCount, boneCount, positions, rotations, scales, box, initial, dstT, dstR, dstS) =>
      run([flags, positions, rotations, scales, box, initial], [dstT, dstR, dstS], ([f, p, r, s, b, i, t, q, z], [, np, nr, ns]) =>
        exports.expandQuantizedFrames(f!, frameCount, boneCount, p!, np!, r!, nr!, s!, ns!, b!, i!, t!, q!, z!)),
    expandFloatFrames: (flags, frameCount, boneCount, positions, rotations, scales, initial, dstT, dstR, dstS) =>
      run([flags, positions, rotations, scales, initial], [dstT, dstR, dstS], ([f, p, r, s, i, t, q, z], [, np, nr, ns]) =>
        exports.expandFloatFrames(f!, frameCount, boneCount, p!, np!, r!, nr!, s!, ns!, i!, t!, q!, z!)),
    expandFloatFrameRecords: (records, frames, boneCount, initial, keyFirst, keyCount, dstT, dstR, dstS) =>
      run([records, initial, keyFirst, keyCount], [dstT, dstR, dstS], ([r, i, f, c, t, q, z], [n]) =>
        exports.expandFloatFrameRecords(r!, n!, frames, boneCount, i!, f!, c!, t!, q!, z!)),
    expandQuantizedFrameRecords: (records, frames, boneCount, box, initial, keyFirst, keyCount, dstT, dstR, dstS) =>
      run([records, box, initial, keyFirst, keyCount], [dstT, dstR, dstS], ([r, b, i, f, c, t, q, z], [n]) =>
        exports.expandQuantizedFrameRecords(r!, n!, frames, boneCount, b!, i!, f!, c!, t!, q!, z!)),
    tangentFrames: (quats, dstNormals, dstTangents) =>
      run([quats], [dstNormals, dstTangents], ([q, n, t], [count]) => exports.tangentFrames(q!, count! >> 2, n!, t!)),
    weldIndexStreams: (streams, streamCount, limits, keyStream, table, dstIndices, dstTuples) => {
      const keyLimit = limits[keyStream]!;
      return run([streams, limits], [table, dstIndices, dstTuples], ([s, l, h, i, t], [, , tableLength, count]) =>
        exports.weldIndexStreams(s!, streamCount, count!, l!, keyStream, h!, tableLength! - keyLimit, i!, t!));
    },
    encodeTangentFrames: (normals, tangents, hasTangents, dst) =>
      run([normals, tangents], [dst], ([n, t, d], [, , count]) => exports.encodeTangentFrames(n!, t!, hasTangents ? 1 : 0, count! >> 2, d!)),
    gatherComponents: (src, components, indices, dst) =>
      run([src, indices], [dst], ([s, i, d], [srcLength, count]) => exports.gatherComponents(s!, Math.floor(srcLength! / components), components, i!, count!, d!)),
    parseFloats: (text, dst) => run([text], [dst], ([t, d], [length, capacity]) => exports.parseFloats(t!, length!, d!, capacity!)),
    // The text is changed in place: an input and an output. Staged (not in WebAssembly memory), it
    // is blanked in its input copy, which is then moved to the output copy that goes back.
    // The text's room is checked first (the kernels write without end checks); dst is best a
    // workspace array, or the whole of it is copied back.
    formatFloatRows: (values, width, dst) => {
      checkFloatRows(values, width, dst);
      return run([values], [dst], ([v, d], [count]) => exports.formatFloatRows(v!, count!, width, d!));
    },
    formatKeyLines: (times, values, components, word, dst) => {
      checkKeyLines(times, values, components, dst);
      return run([times, values], [dst], ([t, v, d], [keys]) => exports.formatKeyLines(t!, v!, keys!, components, word, d!));
    },
    parseKeyLines: (text, word, components, times, values) => {
      checkKeyLineArrays(components, times, values);
      return run([text], [times, values], ([t, ti, v], [length, capacity]) => exports.parseKeyLines(t!, length!, word, components, ti!, v!, capacity!));
    },
    blankKeyLines: (text, word, fields) =>
      run([text], [text], ([t, o], [length]) => {
        const lines = exports.blankKeyLines(t!, length!, word, fields);
        if (o !== t) new Uint8Array(exports.memory.buffer).copyWithin(o!, t!, t! + length!);
        return lines;
      }),
    weldVertices: (words, stride, table, dstIndices, dstFirst) =>
      run([words], [table, dstIndices, dstFirst], ([w, t, i, f], [length, capacity]) => exports.weldVertices(w!, stride, Math.floor(length! / stride), t!, capacity!, i!, f!)),
    gatherUnorm8: (src, components, indices, dst) =>
      run([src, indices], [dst], ([s, i, d], [srcLength, count]) => exports.gatherUnorm8(s!, Math.floor(srcLength! / components), components, i!, count!, d!)),
    gatherSkinWeights: (counts, bones, values, jointOf, vertexOf, first, dstJoints, dstWeights) =>
      run([counts, bones, values, jointOf, vertexOf], [first, dstJoints, dstWeights], ([c, b, v, j, o, f, dj, dw], [sources, boneCount, valueCount, joints, count]) =>
        exports.gatherSkinWeights(c!, sources!, b!, v!, Math.min(boneCount!, valueCount!), j!, joints!, o!, count!, f!, dj!, dw!)),
    iqmComponentsToFloat32: (src, format, normalized, srcSize, dstSize, fill, dst) =>
      run([src], [dst], ([s, d], [, count]) => exports.iqmComponentsToFloat32(s!, format, normalized ? 1 : 0, Math.floor(count! / dstSize), srcSize, dstSize, fill, d!)),
    iqmJointIndices: (src, format, srcSize, limit, dst) =>
      run([src], [dst], ([s, d], [, count]) => exports.iqmJointIndices(s!, format, count! >> 2, srcSize, limit, d!)),
    windIqmTriangles: (src, first, vertexCount, dst) =>
      run([src], [dst], ([s, d], [count]) => exports.windIqmTriangles(s!, count!, first, vertexCount, d!, dst.BYTES_PER_ELEMENT)),
    iqmQuantizeWeights: (src, dst) => run([src], [dst], ([s, d], [count]) => exports.iqmQuantizeWeights(s!, count! >> 2, d!)),
    iqmQuantizeColors: (src, dst) => run([src], [dst], ([s, d], [count]) => exports.iqmQuantizeColors(s!, count!, d!)),
    iqmClockwiseTriangles: (src, base, dst) => run([src], [dst], ([s, d], [count]) => exports.iqmClockwiseTriangles(s!, count!, src.BYTES_PER_ELEMENT, base, d!)),
    iqmJointsToUbyte: (src, dst) => run([src], [dst], ([s, d], [count]) => exports.iqmJointsToUbyte(s!, count!, d!)),
    quantizeIqmFrames: (dense, frameCount, masks, offsets, scales, dst) =>
      run([dense, masks, offsets, scales], [dst], ([f, m, o, s, d], [, poseCount]) => exports.quantizeIqmFrames(f!, frameCount, poseCount!, m!, o!, s!, d!)),
    iqmChannelRanges: (dense, frameCount, poseCount, dstMin, dstMax) =>
      run([dense], [dstMin, dstMax], ([d, lo, hi]) => exports.iqmChannelRanges(d!, frameCount, poseCount, lo!, hi!)),
    iqmSegmentRanges: (pool, segments, channelCount, dstMin, dstMax) =>
      run([pool, segments], [dstMin, dstMax], ([p, s, lo, hi], [, n]) => exports.iqmSegmentRanges(p!, s!, n! >> 2, channelCount, lo!, hi!)),
    quantizeIqmColumns: (pool, columns, frameCounts, offsets, scales, dst) =>
      run([pool, columns, frameCounts, offsets, scales], [dst], ([p, c, n, o, s, d], [, , animations, columnCount]) => exports.quantizeIqmColumns(p!, c!, columnCount!, n!, animations!, o!, s!, d!)),
    unitNormals: (src, toYUp, tolerance, dst, counts) =>
      run([src], [dst, counts], ([s, d, c], [length]) => exports.unitNormals(s!, Math.floor(length! / 3), toYUp ? 1 : 0, tolerance, d!, c!)),
    normalizeSkin: (joints, weights, jointCount, tolerance, dstJoints, dstWeights, found) =>
      run([joints, weights], [dstJoints, dstWeights, found], ([j, w, dj, dw, f], [length]) =>
        exports.normalizeSkin(j!, w!, Math.floor(length! / 4), jointCount, dstJoints.BYTES_PER_ELEMENT === 2 ? 1 : 0, tolerance, dj!, dw!, f!)),
    positionsOnAxes: (src, toYUp, dst, box) =>
      run([src], [dst, box], ([s, d, b], [length]) => exports.positionsOnAxes(s!, Math.floor(length! / 3), toYUp ? 1 : 0, d!, b!)),
    uvsForOutput: (src, flipV, dst, outside) => run([src], [dst, outside], ([s, d, o], [n]) => exports.uvsForOutput(s!, n!, flipV ? 1 : 0, d!, o!)),
    unitTangents: (src, toYUp, tolerance, dst, counts) =>
      run([src], [dst, counts], ([s, d, c], [length]) => exports.unitTangents(s!, length! >> 2, toYUp ? 1 : 0, tolerance, d!, c!)),
    snormNormals: (src, toYUp, top, tolerance, limit, lowest, highest, order, dst, counts) => {
      const count = Math.floor(src.length / 3);
      snormArrays(count, order, dst, counts, 3);
      return run([src, order ?? EMPTY_U32], [dst.subarray(0, count * 4), counts], ([s, o, d, c]) =>
        exports.snormNormals(s!, count, toYUp ? 1 : 0, top, tolerance, limit, lowest, highest, o!, order ? 1 : 0, d!, dst.BYTES_PER_ELEMENT === 2 ? 1 : 0, c!));
    },
    uvsForOutputOrdered: (src, flipV, order, dst, outside) => {
      const count = src.length >> 1;
      if (order.length < count || dst.length < count * 2 || outside.length < 1) throw new RangeError('meshcodec: uvsForOutputOrdered arrays are shorter than the pair count needs');
      return run([src, order], [dst.subarray(0, count * 2), outside], ([s, o, d, x]) => exports.uvsForOutputOrdered(s!, count, flipV ? 1 : 0, o!, d!, x!));
    },
    sourcePositionsBox: (src, toYUp, box) => {
      if (box.length < 6) throw new RangeError('meshcodec: sourcePositionsBox needs a box of 6');
      return run([src], [box], ([s, b]) => exports.sourcePositionsBox(s!, Math.floor(src.length / 3), toYUp ? 1 : 0, b!));
    },
    quantizeSourcePositions: (src, toYUp, ox, oy, oz, step, top, order, dst, minMax) => {
      const count = Math.floor(src.length / 3);
      if ((order && order.length < count) || dst.length < count * 4 || minMax.length < 6) throw new RangeError('meshcodec: quantizeSourcePositions arrays are shorter than the vertex count needs');
      return run([src, order ?? EMPTY_U32], [dst.subarray(0, count * 4), minMax], ([s, o, d, m]) =>
        exports.quantizeSourcePositions(s!, count, toYUp ? 1 : 0, ox, oy, oz, step, top, o!, order ? 1 : 0, d!, dst.BYTES_PER_ELEMENT === 2 ? 1 : 0, m!));
    },
    snormTangents: (src, toYUp, top, tolerance, limit, lowest, highest, order, dst, counts, replacedList) => {
      const count = src.length >> 2;
      snormArrays(count, order, dst, counts, 3);
      if (replacedList.length < count) throw new RangeError('meshcodec: snormTangents replacedList is shorter than the tangents');
      return run([src, order ?? EMPTY_U32], [dst.subarray(0, count * 4), counts, replacedList.subarray(0, count)], ([s, o, d, c, r]) =>
        exports.snormTangents(s!, count, toYUp ? 1 : 0, top, tolerance, limit, lowest, highest, o!, order ? 1 : 0, d!, dst.BYTES_PER_ELEMENT === 2 ? 1 : 0, c!, r!));
    },
    boxOfPoints: (points, dst) => run([points], [dst], ([p, d], [length]) => exports.boxOfPoints(p!, Math.floor(length! / 3), d!)),
    farthestSquaredDistance: (points, cx, cy, cz) => run([points], [], ([p], [length]) => exports.farthestSquaredDistance(p!, Math.floor(length! / 3), cx, cy, cz)),
    packSkinWeights: (joints, weights, boneCount, dstCounts, dstBones, dstValues) =>
      run([joints, weights], [dstCounts, dstBones, dstValues], ([j, w, c, b, v], [, , count]) => exports.packSkinWeights(j!, w!, count!, boneCount, c!, b!, v!)),
    reverseWindingU16: (src, base, dst) => run([src], [dst], ([s, d], [n]) => exports.reverseWindingU16(s!, n!, base, d!)),
    packWeightRecords: (counts, bones, values, dst) =>
      run([counts, bones, values], [dst], ([c, b, v, d], [count, boneCount, valueCount, capacity]) => exports.packWeightRecords(c!, count!, b!, v!, Math.min(boneCount!, valueCount!), d!, capacity!)),
    maxIndexU16: (src) => run([src], [], ([s], [n]) => exports.maxIndexU16(s!, n!) >>> 0),
    maxIndexU8: (src) => run([src], [], ([s], [n]) => exports.maxIndexU8(s!, n!) >>> 0),
    countUsedValues: (src, limit, seen) => run([src], [seen], ([s, f], [n]) => exports.countUsedValues(s!, n!, limit, f!)),
    spanU32: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.spanU32(s!, n!, d!)),
    countUsedValuesFrom: (src, base, limit, seen, rebased) =>
      run([src], [seen, rebased], ([s, f, r], [n, , m]) => exports.countUsedValuesFrom(s!, n!, base, limit, f!, r!, m!)),
    firstUnusableTangent: (src) => run([src], [], ([s], [n]) => exports.firstUnusableTangent(s!, n! >> 2)),
    flipV: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.flipV(s!, n!, d!)),
    offsetIndicesU16: (src, base, limit, seen, dst) => run([src], [seen, dst], ([s, f, d], [n]) => exports.offsetIndicesU16(s!, n!, base, limit, f!, d!)),
    offsetIndicesU32: (src, base, limit, seen, dst) => run([src], [seen, dst], ([s, f, d], [n]) => exports.offsetIndicesU32(s!, n!, base, limit, f!, d!)),
    countUsedNarrowU16: (src, base, limit, seen, dst) => run([src], [seen, dst], ([s, f, d], [n]) => exports.countUsedNarrowU16(s!, n!, base, limit, f!, d!)),
    gatherSkinRecords: (counts, records, jointOf, vertexOf, first, dstJoints, dstWeights) =>
      run([counts, records, jointOf, vertexOf], [first, dstJoints, dstWeights], ([c, r, j, o, f, dj, dw], [sources, length, joints, count]) =>
        exports.gatherSkinRecords(c!, sources!, r!, length!, j!, joints!, o!, count!, f!, dj!, dw!)),
    compressFrameRecords: (positions, rotations, scales, frames, bones, dstFlags, dst) => {
      const width = positions.BYTES_PER_ELEMENT;
      const entries = frames * bones;
      // The kernel reads and writes by these counts: never past the arrays.
      if (positions.length < entries * 3 || scales.length < entries * 3 || scales.BYTES_PER_ELEMENT !== width || rotations.length < entries * 4
        || dstFlags.length < entries || dst.length < entries * (9 + 6 * width)) {
        throw new RangeError('meshcodec: compressFrameRecords arrays are shorter than frames × bones entries');
      }
      return run([positions, rotations, scales], [dstFlags, dst], ([p, r, s, fl, d]) => exports.compressFrameRecords(p!, r!, s!, frames, bones, width, fl!, d!));
    },
    weldSharedIndices: (streams, limit0, limit1, table, dstIndices, dstTuples, dstIdentity) =>
      run([streams], [table, dstIndices, dstTuples, dstIdentity], ([s, h, i, t, f], [, , count]) => exports.weldSharedIndices(s!, count!, limit0, limit1, h!, i!, t!, f!)),
    countOutsideUnit: (src) => run([src], [], ([s], [n]) => exports.countOutsideUnit(s!, n!)),
    walkSkinRecords: (src, counts, boneCount, dstBadBone) =>
      run([src], [counts, dstBadBone], ([s, c, b], [length, vertexCount]) => exports.walkSkinRecords(s!, length!, vertexCount!, boneCount, c!, b!)),
    walkFrameRecords: (src, channelBytes, dstFlags) =>
      run([src], [dstFlags], ([s, f], [length, entries]) => exports.walkFrameRecords(s!, length!, entries!, channelBytes, f!)),
    decodeBase64: (src, dst) => run([src], [dst], ([s, d], [n]) => exports.decodeBase64(s!, n!, d!)),
    decodeNormalizedI8: (src, step, components, dst) => run([src], [dst], ([s, d], [, n]) => exports.decodeNormalizedI8(s!, step, components, Math.floor(n! / components), d!)),
    decodeNormalizedU8: (src, step, components, dst) => run([src], [dst], ([s, d], [, n]) => exports.decodeNormalizedU8(s!, step, components, Math.floor(n! / components), d!)),
    decodeNormalizedI16: (src, step, components, dst) => run([src], [dst], ([s, d], [, n]) => exports.decodeNormalizedI16(s!, step, components, Math.floor(n! / components), d!)),
    decodeNormalizedU16: (src, step, components, dst) => run([src], [dst], ([s, d], [, n]) => exports.decodeNormalizedU16(s!, step, components, Math.floor(n! / components), d!)),
  };
}

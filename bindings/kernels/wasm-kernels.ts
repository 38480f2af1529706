import { instantiateSync } from '@assemblyscript/loader';
import type { RawKernels } from './raw-kernels.js';
import { WasmArena, type TypedArray, type TypedArrayConstructor } from './wasm-arena.js';

/** The exports of assembly/index.ts (pointers and counts are i32). */
interface KernelExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  simdBuild(): number;
  dequantizeUnorm16(src: number, count: number, components: number, min: number, size: number, dst: number): void;
  quantizeUnorm16(src: number, count: number, components: number, min: number, size: number, mode: number, dst: number): void;
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
  expandQuantizedFrames(flags: number, frameCount: number, boneCount: number, positions: number, positionCount: number, rotations: number, rotationCount: number, scales: number, scaleCount: number, box: number, initial: number, dstT: number, dstR: number, dstS: number): number;
  expandFloatFrames(flags: number, frameCount: number, boneCount: number, positions: number, positionCount: number, rotations: number, rotationCount: number, scales: number, scaleCount: number, initial: number, dstT: number, dstR: number, dstS: number): number;
  tangentFrames(quats: number, count: number, dstNormals: number, dstTangents: number): void;
  weldIndexPairs(cindices: number, tindices: number, count: number, coordinateCount: number, triangleVertexCount: number, table: number, capacity: number, dstIndices: number, dstC: number, dstT: number): number;
  gatherComponents(src: number, srcCount: number, components: number, indices: number, count: number, dst: number): number;
}

export function instantiateKernelModule(module: WebAssembly.Module): { exports: KernelExports; arena: WasmArena } {
  const { exports } = instantiateSync<KernelExports & Record<string, unknown>>(module, {});
  return { exports, arena: new WasmArena(exports.memory, exports.heapBase()) };
}

/**
 * Runs `body` on pointers for `inputs` and `outputs`. Arrays already in WebAssembly memory are
 * used in place; others are copied in (inputs) or copied back after the call (outputs).
 * Temporary space is released afterwards.
 */
export function onPointers<R>(arena: WasmArena, inputs: readonly TypedArray[], outputs: readonly TypedArray[], body: (ptrs: number[]) => R): R {
  const mark = arena.top;
  const all = [...inputs, ...outputs];
  const ptrs: number[] = new Array(all.length);
  const staged: number[] = [];
  for (let i = 0; i < all.length; i++) {
    if (arena.owns(all[i]!)) ptrs[i] = all[i]!.byteOffset;
    else staged.push(i);
  }
  for (const i of staged) ptrs[i] = arena.alloc(all[i]!.byteLength);
  try {
    for (const i of staged) {
      if (i < inputs.length) {
        const a = all[i]!;
        arena.view(Uint8Array, ptrs[i]!, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      }
    }
    const result = body(ptrs);
    for (const i of staged) {
      if (i >= inputs.length) {
        const a = all[i]!;
        new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(arena.view(Uint8Array, ptrs[i]!, a.byteLength));
      }
    }
    return result;
  } finally {
    arena.top = mark;
  }
}

/** RawKernels over one instantiated module. */
export function wasmRawKernels(exports: KernelExports, arena: WasmArena): RawKernels {
  const run = <R>(inputs: TypedArray[], outputs: TypedArray[], body: (p: number[]) => R): R => onPointers(arena, inputs, outputs, body);
  return {
    dequantizeUnorm16: (src, components, min, size, dst) =>
      run([src, min, size], [dst], ([s, m, z, d]) => exports.dequantizeUnorm16(s!, src.length, components, m!, z!, d!)),
    quantizeUnorm16: (src, components, min, size, round, dst) =>
      run([src, min, size], [dst], ([s, m, z, d]) => exports.quantizeUnorm16(s!, src.length, components, m!, z!, round ? 1 : 0, d!)),
    compressNormals: (src, dst) => run([src], [dst], ([s, d]) => exports.compressNormals(s!, src.length, d!)),
    decompressNormals: (src, dst) => run([src], [dst], ([s, d]) => exports.decompressNormals(s!, src.length, d!)),
    decodeSnorm8: (src, dst) => run([src], [dst], ([s, d]) => exports.decodeSnorm8(s!, src.length, d!)),
    encodeSnorm8: (src, dst) => run([src], [dst], ([s, d]) => exports.encodeSnorm8(s!, src.length, d!)),
    decodeSnorm16: (src, dst) => run([src], [dst], ([s, d]) => exports.decodeSnorm16(s!, src.length, d!)),
    encodeSnorm16: (src, dst) => run([src], [dst], ([s, d]) => exports.encodeSnorm16(s!, src.length, d!)),
    maxIndexU32: (src) => run([src], [], ([s]) => exports.maxIndexU32(s!, src.length) >>> 0),
    widenU8ToU32: (src, dst) => run([src], [dst], ([s, d]) => exports.widenU8ToU32(s!, src.length, d!)),
    widenU16ToU32: (src, dst) => run([src], [dst], ([s, d]) => exports.widenU16ToU32(s!, src.length, d!)),
    narrowU32ToU16: (src, dst) => run([src], [dst], ([s, d]) => exports.narrowU32ToU16(s!, src.length, d!)),
    narrowU32ToU8: (src, dst) => run([src], [dst], ([s, d]) => exports.narrowU32ToU8(s!, src.length, d!)),
    // Lengths are read before `run`: staging may grow the memory, which empties views into it.
    expandQuantizedFrames: (flags, frameCount, boneCount, positions, rotations, scales, box, initial, dstT, dstR, dstS) => {
      const [np, nr, ns] = [positions.length, rotations.length, scales.length];
      return run([flags, positions, rotations, scales, box, initial], [dstT, dstR, dstS], ([f, p, r, s, b, i, t, q, z]) =>
        exports.expandQuantizedFrames(f!, frameCount, boneCount, p!, np, r!, nr, s!, ns, b!, i!, t!, q!, z!));
    },
    expandFloatFrames: (flags, frameCount, boneCount, positions, rotations, scales, initial, dstT, dstR, dstS) => {
      const [np, nr, ns] = [positions.length, rotations.length, scales.length];
      return run([flags, positions, rotations, scales, initial], [dstT, dstR, dstS], ([f, p, r, s, i, t, q, z]) =>
        exports.expandFloatFrames(f!, frameCount, boneCount, p!, np, r!, nr, s!, ns, i!, t!, q!, z!));
    },
    tangentFrames: (quats, dstNormals, dstTangents) => {
      const count = quats.length >> 2;
      run([quats], [dstNormals, dstTangents], ([q, n, t]) => exports.tangentFrames(q!, count, n!, t!));
    },
    weldIndexPairs: (cindices, tindices, coordinateCount, triangleVertexCount, table, dstIndices, dstC, dstT) => {
      const [count, capacity] = [cindices.length, table.length - triangleVertexCount];
      return run([cindices, tindices], [table, dstIndices, dstC, dstT], ([c, t, h, i, a, b]) =>
        exports.weldIndexPairs(c!, t!, count, coordinateCount >>> 0, triangleVertexCount >>> 0, h!, capacity, i!, a!, b!));
    },
    gatherComponents: (src, components, indices, dst) => {
      const [srcCount, count] = [Math.floor(src.length / components), indices.length];
      return run([src, indices], [dst], ([s, i, d]) => exports.gatherComponents(s!, srcCount, components, i!, count, d!));
    },
  };
}

export type { KernelExports, TypedArrayConstructor };

// A mesh's skin as glTF requires it: each vertex's weights summing to 1, each joint once per
// vertex, unused slots on joint 0 with weight 0.
//
// Alternatives, measured on the speed bar's tiled mrfixit.iqm (7,380 vertices in its larger mesh;
// one interleaved loop on the shared 2-core machine): the general loop (per slot: a sum, then a
// search of the slots already used for the same joint) took 150–340 µs, 20–45 ns a vertex, the
// largest single step of the plain GLB encode; the common vertex (its weighted joints first,
// distinct and in range, the other weights exactly 0) written straight from locals took 116 µs
// against 341 in the same loop. Other vertices go through the general code, one at a time; both
// give the same bits (test/gltf-normalized-skin.test.ts compares them with the general loop alone
// over random skins with zero, negative, non-finite, huge and repeated entries). The loop is now
// the `normalizeSkin` kernel (assembly/gltf-normalized-skin.ts, its twin in
// bindings/kernels/js/gltf-normalized-skin.ts): on the speed bar's two skinned meshes, staging
// included, wasm-simd 29.8 and 8.0 µs, wasm-scalar 49.4 and 10.3, the TypeScript loop 62.4 and
// 14.4 (7,380 and 1,925 vertices; one interleaved loop, medians of 1,500 rounds, shared 2-core
// machine at load 15–30).

import type { WriterScratch } from './writer-scratch.js';
import type { Kernels } from '../../kernels/kernels.js';
import { normalizeSkin } from '../../kernels/js/gltf-normalized-skin.js';
import { generalSkinVertex } from '../../kernels/js/gltf-skin-vertex.js';

/** How far from 1 a vertex's weight sum may be before its rescaling is warned: two steps of 8-bit quantization (UNIGINE's and IQM's ubyte weights), so only real changes are said. */
export const SKIN_WEIGHT_SUM_TOLERANCE = 2 / 255;

/**
 * Weights scaled to sum to 1, unused slots (zero weight) pointing at joint 0, as glTF requires.
 * A vertex with no weight at all is bound wholly to its first joint. Joints as uint8 when the
 * skeleton has at most 256 (written straight, not narrowed from a uint16 copy), else uint16; both
 * arrays from the writer's scratch (writer-scratch.ts).
 */
export function normalizedSkin(kernels: Kernels, joints: Uint16Array, weights: Float32Array, jointCount: number, label: string, warn: (m: string) => void, scratch: WriterScratch) {
  const outJoints = jointCount <= 256 ? scratch.uint8(joints.length) : scratch.uint16(joints.length);
  const outWeights = scratch.float32(weights.length);
  // rescaled, merged, the first vertex with a dropped weight, the first without any (−1: none).
  const found = Float64Array.of(0, 0, -1, -1);
  kernels.raw.normalizeSkin(joints, weights, jointCount, SKIN_WEIGHT_SUM_TOLERANCE, outJoints, outWeights, found);
  const rescaled = found[0]!, merged = found[1]!, dropped = found[2]!, unbound = found[3]!;
  // In the order the vertices first showed them (a vertex's dropped weight before its having none).
  const droppedMessage = `${label}: weights on joints outside the skeleton or not finite were dropped`;
  const unboundMessage = `${label}: vertices without skin weights were bound wholly to their first joint`;
  if (dropped >= 0 && (unbound < 0 || dropped <= unbound)) warn(droppedMessage);
  if (unbound >= 0) warn(unboundMessage);
  if (dropped >= 0) warn(droppedMessage);
  if (merged) warn(`${label}: ${merged} weights named a joint already weighted in their vertex and were added to it (glTF needs each joint once per vertex)`);
  if (rescaled) warn(`${label}: skin weights of ${rescaled} vertices summed to more than 2/255 away from 1 and were scaled to sum to 1 (glTF requires it)`);
  return { joints: outJoints, weights: outWeights };
}

/**
 * normalizedSkin's loop on the js twin (tests compare it with generalVertex run on every vertex);
 * `found` (written): rescaled, merged, the first vertex with a dropped weight, the first without
 * any (−1: none). Every element of the outputs is written (they are scratch, not zero-filled).
 */
export function normalizedSkinLoop(joints: Uint16Array, weights: Float32Array, jointCount: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array): number {
  normalizeSkin(joints, weights, jointCount, SKIN_WEIGHT_SUM_TOLERANCE, outJoints, outWeights, found);
  return 0;
}

/** One vertex of any kind (normalizedSkinLoop's `found` updated). */
export function generalVertex(joints: Uint16Array, weights: Float32Array, jointCount: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array, v: number): void {
  generalSkinVertex(joints, weights, jointCount, SKIN_WEIGHT_SUM_TOLERANCE, outJoints, outWeights, found, v);
}

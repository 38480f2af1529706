// The bind shape of a skin: the one matrix B = world(joint node) × inverseBindMatrix that every
// joint of the skin agrees on, when that is not the identity. A skinned vertex v is drawn at
// Σ w · world(joint) · IBM(joint) · v, so in the nodes' rest pose it sits at B · v: the mesh's
// positions are stored in another space than the skeleton's (a quantization grid folded into the
// inverse bind matrices, as meshcodec's `quantize` and gltfpack write for skinned meshes; a bind
// shape matrix from COLLADA). The reader bakes B into such meshes, as it bakes a static mesh's
// node transform, so that the Asset's positions and skeleton share one space. Skins whose joints
// disagree (a rest pose that is not the bind pose) are read as before: positions as stored.
import type { AccessorReader } from './accessors.js';
import { isObject } from './read-gltf.js';
import { multiply, type Mat4 } from './transforms.js';

/** Relative tolerance on the entries of the products (float32 matrices multiplied in double). */
const AGREEMENT = 1e-5;

/** B for skin `def`, or undefined (no inverse bind matrices, joints that disagree, or the identity). */
export function bindShape(accessors: AccessorReader, def: unknown, label: string, worldOf: (node: number) => Mat4): Mat4 | undefined {
  if (!isObject(def) || def.inverseBindMatrices === undefined || !Array.isArray(def.joints) || def.joints.length === 0) return undefined;
  const { data, count } = accessors.floats(def.inverseBindMatrices, `${label}.inverseBindMatrices`, ['MAT4']);
  const joints = def.joints as number[];
  if (count < joints.length) return undefined;
  let first: Mat4 | undefined;
  let scale = 1;
  const products: Mat4[] = [];
  for (let j = 0; j < joints.length; j++) {
    const world = worldOf(joints[j]!);
    const product = multiply(world, Float64Array.from(data.subarray(j * 16, j * 16 + 16)));
    for (let i = 0; i < 16; i++) scale = Math.max(scale, Math.abs(world[i]!), Math.abs(product[i]!));
    products.push(product);
    first ??= product;
  }
  if (!first || !first.every(Number.isFinite)) return undefined;
  const tolerance = AGREEMENT * scale;
  for (const product of products) for (let i = 0; i < 16; i++) if (!(Math.abs(product[i]! - first[i]!) <= tolerance)) return undefined;
  if (first.every((v, i) => Math.abs(v - (i % 5 === 0 ? 1 : 0)) <= tolerance)) return undefined;
  return first;
}

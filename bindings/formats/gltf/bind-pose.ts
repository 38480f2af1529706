/**
 * A skinned glTF mesh's vertices in the Asset's terms. glTF skins a vertex by
 * Σ weight × world(joint) × inverseBindMatrix(joint) × stored position; the Asset keeps skinned
 * meshes in their bind pose and has no inverse bind matrices, so where
 * world(joint) × inverseBindMatrix(joint) (taken at the nodes' rest transforms) is not the
 * identity, the stored vertices are not the bind pose and must be moved there.
 * Writers that quantize (gltfpack with KHR_mesh_quantization) do exactly this: they store
 * positions on an integer grid and fold the dequantization into every inverse bind matrix.
 *
 * Three cases, cheapest first: every joint's matrix is the identity within 1e-4 (translations
 * within 1e-4 of the largest joint or bind translation; meshcodec's own
 * files and most others: nothing is done, values stay bit-exact); every joint has the same matrix
 * (gltfpack's dequantization: one affine transform of the whole mesh, `bake` in to-asset.ts);
 * matrices differ (a file whose bind pose is not its rest pose): each vertex moved by its
 * weight-blended matrix, normals and tangents by the same 3×3 then renormalised (exact for
 * rotations and uniform scales, which is what bind matrices hold).
 */
import type { Mesh } from '../../model/asset.js';
import type { AccessorReader } from './accessors.js';
import { fail, isObject } from './read-gltf.js';
import { identity, multiply, zeroMatrix, type Mat4 } from './transforms.js';

/** Per skin: undefined (nothing to do), one matrix for every vertex, or a matrix per skeleton joint. */
export type SkinBindPose = undefined | { all: Mat4 } | { perJoint: Map<number, Mat4> };

const TOLERANCE = 1e-4;

/**
 * The bind-pose correction of skin `s` (its `joints` node list as skeleton joints `skeletonJoints`),
 * from its inverseBindMatrices accessor (charged to the read's budget) and `worldOf(node)`.
 */
export function skinBindPose(accessors: AccessorReader, skin: unknown, s: number, skeletonJoints: ArrayLike<number>, worldOf: (node: number) => Mat4, warn: (message: string) => void, at: number): SkinBindPose {
  if (!isObject(skin) || skin.inverseBindMatrices === undefined) return undefined;
  const nodes = skin.joints as number[];
  const ibm = accessors.floats(skin.inverseBindMatrices, `skins[${s}].inverseBindMatrices`, ['MAT4']);
  if (ibm.count < nodes.length) fail('BAD_COUNT', `skins[${s}]: ${ibm.count} inverse bind matrices for ${nodes.length} joints`, at);
  // Translations are compared relative to the largest the product is made of: float32 bind matrices of far joints carry errors of that size.
  let scale = 1;
  let finite = true;
  const matrices: Mat4[] = new Array(nodes.length);
  const inverse = zeroMatrix();
  for (let j = 0; j < nodes.length; j++) {
    const world = worldOf(nodes[j]!);
    for (let i = 0; i < 16; i++) inverse[i] = ibm.data[j * 16 + i]!;
    for (let i = 12; i < 15; i++) scale = Math.max(scale, Math.abs(world[i]!), Math.abs(inverse[i]!));
    const m = multiply(world, inverse);
    for (let i = 0; i < 16; i++) finite &&= Number.isFinite(m[i]!);
    matrices[j] = m;
  }
  if (!finite) {
    warn(`skins[${s}]: an inverse bind matrix (or its joint's transform) is not finite; the skinned vertices are kept as stored`);
    return undefined;
  }
  const unit = identity();
  if (matrices.every((m) => near(m, unit, scale))) return undefined;
  if (matrices.every((m) => near(m, matrices[0]!, scale))) return { all: matrices[0]! };
  return { perJoint: new Map(matrices.map((m, j) => [skeletonJoints[j]!, m])) };
}

/** Whether two affine matrices agree within TOLERANCE (the translation within TOLERANCE × `scale`). */
function near(a: Mat4, b: Mat4, scale: number): boolean {
  for (let i = 0; i < 12; i++) if (i % 4 !== 3 && !(Math.abs(a[i]! - b[i]!) <= TOLERANCE)) return false;
  for (let i = 12; i < 15; i++) if (!(Math.abs(a[i]! - b[i]!) <= TOLERANCE * scale)) return false;
  return true;
}

/** Moves each vertex of a skinned mesh by the weight blend of its joints' matrices (`perJoint`). */
export function blendToBindPose(mesh: Mesh, perJoint: Map<number, Mat4>): void {
  const { positions, normals, tangents, joints, weights } = mesh.attributes;
  if (!joints || !weights) return;
  const m = new Float64Array(16);
  const count = positions.length / 3;
  for (let v = 0; v < count; v++) {
    m.fill(0);
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k]!;
      const joint = perJoint.get(joints[v * 4 + k]!);
      if (!(w > 0) || !joint) continue;
      total += w;
      for (let i = 0; i < 16; i++) m[i] = m[i]! + w * joint[i]!;
    }
    if (!(total > 0)) continue;
    for (let i = 0; i < 16; i++) m[i] = m[i]! / total;
    move(m, positions, v * 3, true);
    if (normals) move(m, normals, v * 3, false);
    if (tangents) move(m, tangents, v * 4, false);
  }
}

function move(m: Float64Array, data: Float32Array, i: number, isPoint: boolean): void {
  const [x, y, z] = [data[i]!, data[i + 1]!, data[i + 2]!];
  const w = isPoint ? 1 : 0;
  let nx = m[0]! * x + m[4]! * y + m[8]! * z + m[12]! * w;
  let ny = m[1]! * x + m[5]! * y + m[9]! * z + m[13]! * w;
  let nz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]! * w;
  if (!isPoint) {
    const length = Math.hypot(nx, ny, nz);
    if (length > 0) [nx, ny, nz] = [nx / length, ny / length, nz / length];
  }
  data[i] = nx;
  data[i + 1] = ny;
  data[i + 2] = nz;
}

import { droppedTexturesWarning } from '../../textures/texture-losses.js';
import type { Asset, Joint, Mesh } from '../../model/asset.js';
import { DEFAULT_FRAME_RATE } from '../format.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { APG_DEFAULT_HEADER, type ApgDocument, type ApgKeyBlock, type ApgVertexArray } from './apg-document.js';
import { boundingRadius } from './bounding-radius.js';
import { compose4, identity4, invertAffine4, multiply4, type Matrix4 } from './matrices.js';

export interface AssetToApgOptions {
  kernels?: Kernels;
}

/**
 * Converts an Asset to an apg document: every mesh expanded to one triangle soup (attributes a
 * mesh lacks are dropped for all, with a warning), one bone id per vertex (the joint with the
 * largest weight), the skeleton as hierarchy + offset matrices (inverse bind matrices), and each
 * track as tra/rot/sca key blocks. Losses are appended to `asset.warnings`.
 *
 * Closure (the apg reader refuses bone ids and key nodes outside the hierarchy): an Asset
 * without a skeleton (an animation-only file, blend arrays of a model's joints) has nothing for
 * them to name. Alternatives considered: inventing root nodes with identity bind poses keeps the
 * keys but states parents and bind poses the source never gave (a consumer skins or animates
 * wrongly, silently); refusing the Asset loses the meshes too. Chosen: drop the bone ids, and
 * the tracks of joints the skeleton lacks, each with a warning; the rest is written.
 */
export function assetToApg(asset: Asset, options: AssetToApgOptions = {}): ApgDocument {
  const kernels = options.kernels ?? getKernels();
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };
  if (asset.meshes.length > 1) warn(`apg holds one triangle soup: ${asset.meshes.length} meshes were merged`);
  const joints = asset.skeleton?.joints ?? [];
  sayUnkept(asset, joints, warn);
  const arrays = soup(asset.meshes, kernels, joints.length, warn);
  const vertexCount = arrays[0] ? arrays[0].values.length / 3 : 0;
  const radius = boundingRadius(arrays[0]?.values ?? new Float32Array(0));
  const document: ApgDocument = { header: APG_DEFAULT_HEADER, vertexCount, vertexArrays: arrays, animations: [], boundingRadius: Math.fround(radius) };
  if (joints.length) {
    document.skeleton = { bones: joints.length, animations: asset.animations.length };
    document.rootTransform = Float32Array.from(identity4());
    const globals: Matrix4[] = [];
    document.offsetMatrices = new Float32Array(joints.length * 16);
    joints.forEach((joint, i) => {
      const local = compose4(joint.translation, joint.rotation, joint.scale);
      const global = joint.parent >= 0 ? multiply4(globals[joint.parent]!, local) : local;
      globals.push(global);
      const inverse = invertAffine4(global);
      if (!inverse) warn(`joint '${joint.name}': its bind matrix cannot be inverted; written as the identity offset matrix`);
      document.offsetMatrices!.set(inverse ?? identity4(), i * 16);
    });
    document.hierarchy = joints.map((joint, i) => ({ parent: joint.parent, boneId: i }));
  }
  for (const animation of asset.animations) {
    const keys: ApgKeyBlock[] = [];
    let duration = 0;
    let dropped = 0;
    for (const track of animation.tracks) {
      const times = track.times;
      if (times.length) duration = Math.max(duration, times[times.length - 1]!);
      if (!(track.joint >= 0 && track.joint < joints.length)) { dropped++; continue; }
      if (track.translation) keys.push({ kind: 'tra', node: track.joint, times: times.slice(), values: track.translation.slice() });
      if (track.rotation) {
        const xyzw = track.rotation;
        const wxyz = new Float32Array(xyzw.length);
        for (let i = 0; i < wxyz.length; i += 4) {
          wxyz[i] = xyzw[i + 3]!;
          wxyz[i + 1] = xyzw[i]!;
          wxyz[i + 2] = xyzw[i + 1]!;
          wxyz[i + 3] = xyzw[i + 2]!;
        }
        keys.push({ kind: 'rot', node: track.joint, times: times.slice(), values: wxyz });
      }
      if (track.scale) keys.push({ kind: 'sca', node: track.joint, times: times.slice(), values: track.scale.slice() });
    }
    if (dropped) warn(`animation '${animation.name}': ${dropped} of ${animation.tracks.length} tracks dropped: apg keys name skeleton nodes and the Asset's skeleton has ${joints.length} joints`);
    const name = animation.name.replace(/[\r\n]+/g, ' ').trim();
    if (name !== animation.name) warn(`animation '${animation.name}' was written as '${name}': an apg name is one line without surrounding spaces`);
    document.animations.push({ name, duration: Math.fround(duration), keys });
  }
  return document;
}

/** Warns what the apg grammar has no place for (the soup's own losses are warned by soup()). */
function sayUnkept(asset: Asset, joints: Joint[], warn: (m: string) => void): void {
  if (asset.upAxis) warn(`apg records no up axis: the asset's ${asset.upAxis === 'y' ? 'Y' : 'Z'}-up is not kept`);
  const named = asset.meshes.filter((m) => m.name !== 'mesh').length;
  if (named) warn(`apg has no mesh names: ${named} mesh name${named > 1 ? 's' : ''} dropped`);
  const materials = asset.meshes.filter((m) => m.material).length;
  if (materials) warn(`apg has no materials: the material names of ${materials} mesh${materials > 1 ? 'es' : ''} dropped`);
  const textures = droppedTexturesWarning(asset, 'apg', false);
  if (textures) warn(textures);
  for (const mesh of asset.meshes) {
    const targets = mesh.targets?.length ?? 0;
    if (targets) warn(`mesh '${mesh.name}': ${targets} morph target${targets > 1 ? 's' : ''} dropped: apg has no morph targets`);
  }
  const renamed = joints.filter((j, i) => j.name !== `bone${i}`).length;
  if (renamed) warn(`apg has no joint names: ${renamed} joint name${renamed > 1 ? 's' : ''} dropped (read back as bone0, bone1, …)`);
  for (const animation of asset.animations) {
    if (animation.loop) warn(`animation '${animation.name}': apg has no loop flag; it was dropped`);
    if (animation.frameRate !== DEFAULT_FRAME_RATE) warn(`animation '${animation.name}': apg stores no frame rate; ${animation.frameRate} fps is not kept (key times are)`);
  }
}

/** The meshes' corners as one soup of vertex arrays (vp first). */
function soup(meshes: Mesh[], kernels: Kernels, jointCount: number, warn: (m: string) => void): ApgVertexArray[] {
  if (!meshes.length) return [];
  const every = (has: (m: Mesh) => boolean, what: string) => {
    const count = meshes.filter(has).length;
    if (count > 0 && count < meshes.length) warn(`${what} were dropped: not every mesh has them`);
    return count === meshes.length;
  };
  // Each mesh's indices widened once, for every attribute gathered through them.
  const wide = meshes.map((m) => kernels.widenIndices(m.indices));
  const gather = (pick: (m: Mesh) => Float32Array, components: number) => {
    const parts = meshes.map((m, i) => {
      const out = new Float32Array(m.indices.length * components);
      kernels.raw.gatherComponents(pick(m), components, wide[i]!, out);
      return out;
    });
    const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { all.set(p, at); at += p.length; }
    return all;
  };
  const arrays: ApgVertexArray[] = [{ name: 'vp', components: 3, values: gather((m) => m.attributes.positions, 3) }];
  if (every((m) => !!m.attributes.normals, 'normals')) arrays.push({ name: 'vn', components: 3, values: gather((m) => m.attributes.normals!, 3) });
  if (every((m) => !!m.attributes.uvs?.[0], 'UVs')) arrays.push({ name: 'vt', components: 2, values: gather((m) => m.attributes.uvs![0]!, 2) });
  if (every((m) => !!m.attributes.tangents, 'tangents')) arrays.push({ name: 'vtan', components: 4, values: gather((m) => m.attributes.tangents!, 4) });
  const skinned = every((m) => !!(m.attributes.joints && m.attributes.weights), 'joints and weights');
  if (skinned && !jointCount) warn('joints and weights were dropped: the Asset has no skeleton for apg bone ids to name');
  if (skinned && jointCount) {
    let blended = false;
    let unweighted = 0;
    const ids = gather((m) => dominantJoints(m, () => { blended = true; }, () => { unweighted++; }), 1);
    if (blended) warn('apg stores one bone per vertex: each vertex kept only the joint with the largest weight');
    if (unweighted) warn(`${unweighted} vertices with no positive weight were bound to their first joint with weight 1`);
    // Every id names a joint: validateAsset refused joints outside the skeleton before the writer ran.
    arrays.push({ name: 'vb', components: 1, values: ids });
  }
  for (const m of meshes) {
    if ((m.attributes.uvs?.length ?? 0) > 1) warn('apg has one UV set: the others were dropped');
    if (m.attributes.colors) warn('apg has no vertex colors: they were dropped');
    if (m.extras && Object.keys(m.extras).length) warn('apg has no custom vertex arrays: they were dropped');
  }
  return arrays;
}

function dominantJoints(mesh: Mesh, onBlend: () => void, onUnweighted: () => void): Float32Array {
  const joints = mesh.attributes.joints!, weights = mesh.attributes.weights!;
  const out = new Float32Array(joints.length / 4);
  for (let v = 0; v < out.length; v++) {
    let best = 0;
    let used = 0;
    for (let k = 0; k < 4; k++) {
      if (weights[v * 4 + k]! > 0) used++;
      if (weights[v * 4 + k]! > weights[v * 4 + best]!) best = k;
    }
    if (used > 1) onBlend();
    if (used === 0) onUnweighted();
    out[v] = joints[v * 4 + best]!;
  }
  return out;
}

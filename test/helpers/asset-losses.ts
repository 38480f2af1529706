// Every loss said (issue 17, item 2): what an Asset loses through a writer and its reader, beyond
// quantization, and whether the writer's warnings say so. Used by test/losses.test.ts and
// test/losses-table.ts (the markdown table of what each writer keeps, warns or loses silently).
//
// A difference is "warned" when a warning the writer added names the property by one of its
// keywords (LOSS_KEYWORDS): matching by keyword, not by sentence, so that writers keep their own
// wording. Values are compared only where both Assets have the same axes (the glTF writer turns a
// Z-up Asset Y-up: a change of convention, not a loss).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../fixtures/make-fixtures.js';
import { createKernelsSync, detectFormat, FORMATS, type Animation, type Asset, type Kernels, type Mesh, type Track } from '../../bindings/index.js';
import { tubeAsset } from '../../fixtures/tube-asset.js';
import { richTubeAsset } from './synthetic.js';
import { tgaToPng } from '../../bindings/textures/tga-to-png.js';

/** The properties compared, each a column of the table. */
export const LOSS_PROPERTIES = [
  'meshes', 'vertices', 'triangles', 'normals', 'tangents', 'uv sets', 'colours', 'skin', 'skin weights', 'morph targets', 'materials',
  'textures', 'mesh names', 'extras', 'skeleton', 'joint names', 'joint parents', 'animations', 'animation names', 'durations',
  'key values', 'loop flags',
] as const;

export type LossProperty = (typeof LOSS_PROPERTIES)[number];

/** Words a warning about each property contains (case-insensitive). */
export const LOSS_KEYWORDS: Record<LossProperty, RegExp> = {
  meshes: /mesh/i,
  vertices: /vert|mesh|merged|soup|weld/i,
  triangles: /triang|mesh|merged|soup/i,
  normals: /normal/i,
  tangents: /tangent/i,
  'uv sets': /\buvs?\b|uv set|texcoord/i,
  colours: /colou?r/i,
  skin: /skin|weight|joint|bone/i,
  'skin weights': /weight|skin/i,
  'morph targets': /morph|target|blend shape/i,
  materials: /material/i,
  textures: /texture/i,
  'mesh names': /mesh.*name|name.*mesh|submesh/i,
  extras: /extra|custom|attribute/i,
  skeleton: /skeleton|joint|bone|pose/i,
  'joint names': /(joint|bone).*name|name.*(joint|bone)/i,
  'joint parents': /parent|root/i,
  animations: /animation/i,
  'animation names': /animation.*name|name.*animation/i,
  durations: /resampl|duration|frame|time/i,
  'key values': /resampl|\bkeys?\b|quantiz/i,
  'loop flags': /loop/i,
};

export interface Loss {
  property: LossProperty;
  detail: string;
}

const meshCount = (a: Asset) => a.meshes.length;
const total = (a: Asset, f: (m: Mesh) => number) => a.meshes.reduce((n, m) => n + f(m), 0);
const every = (a: Asset, f: (m: Mesh) => boolean) => a.meshes.length > 0 && a.meshes.every(f);
const some = (a: Asset, f: (m: Mesh) => boolean) => a.meshes.some(f);

function duration(animation: Animation): number {
  let end = 0;
  for (const t of animation.tracks) if (t.times.length) end = Math.max(end, t.times[t.times.length - 1]!);
  return end;
}

/** A channel's value at time `t` (linear between keys, held outside them). */
function sample(track: Track, channel: 'translation' | 'rotation' | 'scale', t: number, out: number[]): void {
  const values = track[channel]!;
  const c = channel === 'rotation' ? 4 : 3;
  const { times } = track;
  let k = 0;
  while (k + 1 < times.length && times[k + 1]! <= t) k++;
  const next = Math.min(k + 1, times.length - 1);
  const span = times[next]! - times[k]!;
  const f = span > 0 ? Math.min(1, Math.max(0, (t - times[k]!) / span)) : 0;
  let sign = 1;
  if (c === 4) {
    let dot = 0;
    for (let i = 0; i < 4; i++) dot += values[k * 4 + i]! * values[next * 4 + i]!;
    sign = dot < 0 ? -1 : 1;
  }
  for (let i = 0; i < c; i++) out[i] = values[k * c + i]! * (1 - f) + sign * values[next * c + i]! * f;
  if (c === 4) {
    const length = Math.hypot(out[0]!, out[1]!, out[2]!, out[3]!) || 1;
    for (let i = 0; i < 4; i++) out[i] = out[i]! / length;
  }
}

/** The bind value of a joint's channel (what a track that lost the channel holds). */
function bindValue(asset: Asset, joint: number, channel: 'translation' | 'rotation' | 'scale'): number[] {
  const j = asset.skeleton?.joints[joint];
  if (j) return [...j[channel]];
  return channel === 'translation' ? [0, 0, 0] : channel === 'rotation' ? [0, 0, 0, 1] : [1, 1, 1];
}

/** Largest difference of the channels of `animation` (before) and `other` (after) at every key time of `animation`. */
function keyValueDifference(before: Asset, animation: Animation, after: Asset, other: Animation): number {
  let worst = 0;
  const a: number[] = [], b: number[] = [];
  const tracks = new Map(other.tracks.map((t) => [t.joint, t]));
  for (const track of animation.tracks) {
    const back = tracks.get(track.joint);
    for (const channel of ['translation', 'rotation', 'scale'] as const) {
      if (!track[channel]) continue;
      for (let k = 0; k < track.times.length; k++) {
        sample(track, channel, track.times[k]!, a);
        if (back?.[channel] && back.times.length) sample(back, channel, track.times[k]!, b);
        else b.splice(0, b.length, ...bindValue(after, track.joint, channel));
        let difference = 0;
        if (channel === 'rotation') difference = 1 - Math.abs(a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!);
        else for (let i = 0; i < 3; i++) difference = Math.max(difference, Math.abs(a[i]! - b[i]!) / Math.max(1, Math.abs(a[i]!)));
        worst = Math.max(worst, difference);
      }
    }
  }
  void before;
  return worst;
}

/** Per vertex, the weight on each joint (slots on one joint summed, zero weights left out). */
function influences(mesh: Mesh): Map<number, number>[] {
  const { joints, weights } = mesh.attributes;
  const out: Map<number, number>[] = [];
  for (let v = 0; v < joints!.length; v += 4) {
    const m = new Map<number, number>();
    for (let k = 0; k < 4; k++) if (weights![v + k]! !== 0) m.set(joints![v + k]!, (m.get(joints![v + k]!) ?? 0) + weights![v + k]!);
    out.push(m);
  }
  return out;
}

/**
 * Largest change of a corner's weight on a joint (corners, not vertices: a reader may number the
 * vertices differently), over meshes with the same number of corners (else undefined).
 */
function skinWeightDifference(before: Asset, after: Asset): number | undefined {
  if (before.meshes.length !== after.meshes.length) return undefined;
  let worst = 0;
  for (let m = 0; m < before.meshes.length; m++) {
    const a = before.meshes[m]!, b = after.meshes[m]!;
    if (!a.attributes.joints || !a.attributes.weights || !b.attributes.joints || !b.attributes.weights || a.indices.length !== b.indices.length) continue;
    const ia = influences(a), ib = influences(b);
    for (let c = 0; c < a.indices.length; c++) {
      const x = ia[a.indices[c]!]!, y = ib[b.indices[c]!]!;
      for (const joint of new Set([...x.keys(), ...y.keys()])) worst = Math.max(worst, Math.abs((x.get(joint) ?? 0) - (y.get(joint) ?? 0)));
    }
  }
  return worst;
}

/** Beyond this a skin weight changed: more than ubyte quantization (IQM's n/255 keeps sums at 255, so up to 2/255). */
export const SKIN_WEIGHT_TOLERANCE = 2.5 / 255;

/** Beyond these, key values differ (relative for translation and scale, 1 − |dot| for rotations): above 16-bit quantization of a channel's range. */
export const KEY_VALUE_TOLERANCE = 2e-3;

/**
 * The differences between an Asset and what `writerName`'s round trip gave back, beyond
 * quantization: counts of meshes, vertices and triangles, attributes present, UV sets, colours,
 * skin, skin weights per corner (SKIN_WEIGHT_TOLERANCE), morph target counts and names, materials, their textures' images, mesh names, extras, skeleton joints, names and
 * parents, animation counts, names, durations (within one frame), key values (KEY_VALUE_TOLERANCE)
 * and loop flags.
 */
export function compareForLosses(before: Asset, after: Asset, writerName: string): Loss[] {
  const losses: Loss[] = [];
  const differ = (property: LossProperty, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) losses.push({ property, detail: `${writerName}: ${property} ${JSON.stringify(a)} → ${JSON.stringify(b)}` });
  };
  const fewer = (property: LossProperty, a: number, b: number) => { if (b < a) differ(property, a, b); };
  fewer('meshes', meshCount(before), meshCount(after));
  differ('triangles', total(before, (m) => m.indices.length / 3), total(after, (m) => m.indices.length / 3));
  // Without meshes left (a file kind that holds none, warned as 'meshes'), per-mesh properties follow from that loss.
  const meshesKept = meshCount(after) > 0 || meshCount(before) === 0;
  // Welding may merge equal vertices, a soup may unweld them: only a vertex count changed beyond both is a loss.
  const vertices = (a: Asset) => total(a, (m) => m.attributes.positions.length / 3);
  const corners = (a: Asset) => total(a, (m) => m.indices.length);
  if (vertices(after) > Math.max(vertices(before), corners(before)) || (vertices(after) < vertices(before) && corners(before) === 0)) differ('vertices', vertices(before), vertices(after));
  const presence = (property: LossProperty, has: (m: Mesh) => boolean) => {
    if (meshesKept && every(before, has) && !every(after, has)) differ(property, 'present', some(after, has) ? 'partly' : 'absent');
  };
  presence('normals', (m) => !!m.attributes.normals);
  presence('tangents', (m) => !!m.attributes.tangents);
  presence('colours', (m) => !!m.attributes.colors);
  presence('skin', (m) => !!(m.attributes.joints && m.attributes.weights));
  const weightChange = meshesKept ? skinWeightDifference(before, after) : undefined;
  if (weightChange !== undefined && weightChange > SKIN_WEIGHT_TOLERANCE) losses.push({ property: 'skin weights', detail: `${writerName}: a skin weight changed by ${weightChange.toFixed(4)}` });
  const uvSets = (a: Asset) => Math.max(0, ...a.meshes.map((m) => m.attributes.uvs?.length ?? 0));
  if (meshesKept && uvSets(after) < uvSets(before)) differ('uv sets', uvSets(before), uvSets(after));
  const targets = (a: Asset) => a.meshes.map((m) => (m.targets ?? []).map((t) => t.name));
  const targetNames = (a: Asset) => targets(a).flat();
  if (!meshesKept) {
    // the meshes' loss covers their targets, materials and extras
  } else if (targetNames(after).length < targetNames(before).length) differ('morph targets', targetNames(before).length, targetNames(after).length);
  else if (meshCount(before) === meshCount(after)) differ('morph targets', targets(before), targets(after));
  const materials = (a: Asset) => [...new Set(a.meshes.map((m) => m.material).filter((x) => x !== undefined))].sort();
  if (meshesKept) differ('materials', materials(before), materials(after));
  // Base colour images of the materials meshes use, by their bytes' length (a URI without bytes is no image).
  const textures = (a: Asset) => (a.materials ?? []).filter((m) => m.baseColorTexture && a.meshes.some((mesh) => mesh.material === m.name)).map((m) => `${m.name}: ${m.baseColorTexture!.bytes?.length ?? 'no'} bytes`).sort();
  if (meshesKept) differ('textures', textures(before), textures(after));
  if (meshCount(before) === meshCount(after)) differ('mesh names', before.meshes.map((m) => m.name), after.meshes.map((m) => m.name));
  const extras = (a: Asset) => [...new Set(a.meshes.flatMap((m) => Object.keys(m.extras ?? {})))].sort();
  if (meshesKept) differ('extras', extras(before), extras(after));
  const joints = (a: Asset) => a.skeleton?.joints ?? [];
  fewer('skeleton', joints(before).length, joints(after).length);
  if (joints(before).length === joints(after).length) {
    differ('joint names', joints(before).map((j) => j.name), joints(after).map((j) => j.name));
    differ('joint parents', joints(before).map((j) => j.parent), joints(after).map((j) => j.parent));
  }
  fewer('animations', before.animations.length, after.animations.length);
  if (before.animations.length === after.animations.length) {
    differ('animation names', before.animations.map((a) => a.name), after.animations.map((a) => a.name));
    const lengths = before.animations.map((a, i) => Math.abs(duration(a) - duration(after.animations[i]!)) <= 1 / a.frameRate + 1e-4 ? 'kept' : `${duration(a).toFixed(3)} s → ${duration(after.animations[i]!).toFixed(3)} s`);
    differ('durations', before.animations.map(() => 'kept'), lengths);
    const sameAxes = before.upAxis === undefined || before.upAxis === after.upAxis;
    if (sameAxes && joints(before).length === joints(after).length) {
      const worst = Math.max(0, ...before.animations.map((a, i) => keyValueDifference(before, a, after, after.animations[i]!)));
      if (worst > KEY_VALUE_TOLERANCE) losses.push({ property: 'key values', detail: `${writerName}: key values differ by ${worst.toExponential(2)}` });
    }
    differ('loop flags', before.animations.map((a) => a.loop ?? false), after.animations.map((a) => a.loop ?? false));
  }
  return losses;
}

/** Each loss with whether one of `warnings` names its property (LOSS_KEYWORDS). */
export function warnedLosses(losses: Loss[], warnings: string[]): (Loss & { warned: boolean })[] {
  return losses.map((loss) => ({ ...loss, warned: warnings.some((w) => LOSS_KEYWORDS[loss.property].test(w)) }));
}

/** A writer of the loss table: how it writes an Asset and reads its files back. */
export interface LossWriter {
  name: string;
  roundTrip(asset: Asset, kernels: Kernels): Asset;
}

function handler(name: string) {
  return FORMATS.find((f) => f.name === name)!;
}

/** The writers compared: each registered writer, and each kind of file of the formats with several. */
export function lossWriters(): LossWriter[] {
  const viaFiles = (label: string, format: string, fileName: string): LossWriter => ({
    name: label,
    roundTrip: (asset, kernels) => {
      const h = handler(format);
      const files = h.encodeFiles ? h.encodeFiles(asset, fileName, { kernels }) : [{ name: fileName, bytes: h.encodeSync(asset, { kernels, fileName }) }];
      return h.parseSync(files[0]!.bytes, { kernels, fileName: files[0]!.name, resolve: (n) => files.find((f) => f.name === n)?.bytes });
    },
  });
  return [
    viaFiles('glb', 'glb', 'out.glb'),
    viaFiles('gltf', 'gltf', 'out.gltf'),
    viaFiles('unigine .mesh', 'unigine', 'out.mesh'),
    viaFiles('unigine .anim', 'unigine', 'out.anim'),
    viaFiles('iqm', 'iqm', 'out.iqm'),
    viaFiles('tf .msh', 'tf', 'out.msh'),
    viaFiles('tf .ani', 'tf', 'out.ani'),
    viaFiles('apg', 'apg', 'out.apg'),
    viaFiles('ms2', 'ms2', 'out.data'),
  ];
}

/**
 * The richest Asset the model holds: the rich tube (two UV sets, colours, 1–4 weights, four
 * joints) with two named morph targets, an extra attribute, a second mesh with its own name,
 * material (with a PNG texture) and skin weights summing to 0.75, and a second, non-looping animation at 24 fps.
 */
export function richLossAsset(): Asset {
  const asset = richTubeAsset();
  const mesh = asset.meshes[0]!;
  const count = mesh.attributes.positions.length / 3;
  mesh.targets = ['swell', 'twist'].map((name, t) => ({ name, positions: Float32Array.from({ length: count * 3 }, (_, i) => (i % 3 === t ? 0.05 : 0)) }));
  mesh.extras = { heat: { components: 1, data: Float32Array.from({ length: count }, (_, v) => v / count) } };
  const second = tubeAsset({ rings: 3, segments: 5 }).meshes[0]!;
  second.name = 'cap';
  second.material = 'cap.mat';
  // A 1×1 PNG as the cap's base colour texture.
  asset.materials = [{ name: 'cap.mat', baseColorTexture: { uri: 'cap.png', mimeType: 'image/png', bytes: tgaToPng(new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0x20, 40, 80, 120])) } }];
  delete second.attributes.joints;
  delete second.attributes.weights;
  second.attributes.uvs!.push(second.attributes.uvs![0]!.slice());
  second.attributes.colors = new Float32Array((second.attributes.positions.length / 3) * 4).fill(0.5);
  const cj = new Uint16Array((second.attributes.positions.length / 3) * 4);
  const cw = new Float32Array(cj.length);
  // Weights that do not sum to 1 (an Asset may hold them; a writer that rescales them changes them).
  for (let i = 0; i < cw.length; i += 4) cw[i] = 0.75;
  second.attributes.joints = cj;
  second.attributes.weights = cw;
  asset.meshes.push(second);
  const bend = asset.animations[0]!;
  // At 24 fps: a rate a writer that stores no frame rate must keep by resampling (or say it did not).
  const times = bend.tracks[0]!.times.map((_, k) => k / 24);
  asset.animations.push({ ...bend, name: 'wave', frameRate: 24, loop: false, tracks: bend.tracks.map((t) => ({ ...t, joint: 2, times })) });
  return asset;
}

/** A round trip of `asset` through `writer`: the losses, each with whether the writer warned it (or the error that refused it). */
export function lossesThrough(writer: LossWriter, source: () => Asset, kernels: Kernels = createKernelsSync('js')): { losses: (Loss & { warned: boolean })[] } | { refused: string } {
  const asset = source();
  const before = structuredClone(asset);
  const warningsBefore = asset.warnings.length;
  let after: Asset;
  try {
    after = writer.roundTrip(asset, kernels);
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
  return { losses: warnedLosses(compareForLosses(before, after, writer.name), asset.warnings.slice(warningsBefore)) };
}

/**
 * Losses the writers still make without a warning on this branch (writer → properties), each
 * fixed by other work: test/losses.test.ts asserts this is exactly what happens over the rich
 * Asset and the fixtures, so a writer that starts warning (or keeping) fails it until its entry
 * is removed.
 */
export const KNOWN_SILENT_LOSSES: Record<string, LossProperty[]> = {
};

/** The Assets the loss table and test go through: the rich Asset and every fixture, read. */
export function lossSources(): { name: string; asset: () => Asset }[] {
  const sources: { name: string; asset: () => Asset }[] = [{ name: 'rich Asset', asset: richLossAsset }];
  for (const name of readdirSync(FIXTURES_DIR).sort()) {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
    const format = detectFormat(bytes, name);
    if (!format || name.endsWith('.blob') || name.endsWith('.ts')) continue;
    const read = () => format.parseSync(bytes, { fileName: name, resolve: (n) => (existsSync(join(FIXTURES_DIR, n)) ? new Uint8Array(readFileSync(join(FIXTURES_DIR, n))) : undefined) });
    sources.push({ name: `fixtures/${name}`, asset: read });
  }
  return sources;
}

export type LossCell = 'kept' | 'warned' | 'SILENT';

/** Writer → property → the worst outcome over `sources` (SILENT over warned over kept). */
export function lossTable(sources: { name: string; asset: () => Asset }[], kernels: Kernels = createKernelsSync('js')): Record<string, Record<LossProperty, LossCell>> {
  const table: Record<string, Record<LossProperty, LossCell>> = {};
  const rank: Record<LossCell, number> = { kept: 0, warned: 1, SILENT: 2 };
  for (const writer of lossWriters()) {
    const row = Object.fromEntries(LOSS_PROPERTIES.map((p) => [p, 'kept'])) as Record<LossProperty, LossCell>;
    for (const source of sources) {
      const result = lossesThrough(writer, source.asset, kernels);
      if ('refused' in result) continue;
      for (const loss of result.losses) {
        const cell: LossCell = loss.warned ? 'warned' : 'SILENT';
        if (rank[cell] > rank[row[loss.property]]) row[loss.property] = cell;
      }
    }
    table[writer.name] = row;
  }
  return table;
}

/** Writer → the properties it loses silently on some source, and one example of each (source: detail). */
export function silentLosses(sources: { name: string; asset: () => Asset }[], kernels: Kernels = createKernelsSync('js')): Record<string, { properties: LossProperty[]; examples: string[] }> {
  const result: Record<string, { properties: LossProperty[]; examples: string[] }> = {};
  for (const writer of lossWriters()) {
    const found = new Map<LossProperty, string>();
    for (const source of sources) {
      const r = lossesThrough(writer, source.asset, kernels);
      if ('refused' in r) continue;
      for (const loss of r.losses) if (!loss.warned && !found.has(loss.property)) found.set(loss.property, `${source.name}: ${loss.detail}`);
    }
    const properties = [...found.keys()].sort((a, b) => LOSS_PROPERTIES.indexOf(a) - LOSS_PROPERTIES.indexOf(b));
    result[writer.name] = { properties, examples: properties.map((p) => found.get(p)!) };
  }
  return result;
}

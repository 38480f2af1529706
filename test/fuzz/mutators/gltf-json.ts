// glTF mutations made on the parsed JSON (and the buffer it points into), written back as the
// container the input came in (.gltf with a data: URI, or .glb): accessor fields, buffer views,
// the node graph, animation key times, primitive modes and node transforms. Each is its own
// named mutator, so that the long run's table says which finds what.
import { BOUNDARY_COUNTS } from './header-counts.js';
import { choose, pick, type Mutator } from './mutator.js';
import { appendAccessor, readGltfDocument, writeGltfDocument, type GltfDocument } from './gltf-document.js';

export const COMPONENT_TYPES = [5120, 5121, 5122, 5123, 5125, 5126];
const TYPES = ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4'];
const HOSTILE_NUMBERS = [1e308, -1e308, 3.5e38, -3.5e38, Infinity, -Infinity, NaN, 1e-45, -0];

type Edit = (doc: GltfDocument, next: () => number) => boolean;

function gltfMutator(name: string, edit: Edit): Mutator {
  return {
    name,
    formats: ['glb', 'gltf'],
    mutate(input, next) {
      const doc = readGltfDocument(input.bytes);
      if (!doc || !edit(doc, next)) return undefined;
      return writeGltfDocument(doc);
    },
  };
}

const list = (doc: GltfDocument, key: string): any[] => (Array.isArray(doc.json[key]) ? doc.json[key] : []);

/** componentType, type, `normalized` (on any componentType), count, byteOffset, bufferView removed (zero-filled), sparse with hostile counts and indices. */
export const editAccessor: Edit = (doc, next) => {
  const accessors = list(doc, 'accessors').filter((a) => a && typeof a === 'object');
  if (!accessors.length) return false;
  const a = choose(next, accessors);
  switch (pick(next, 7)) {
    case 0:
      a.componentType = choose(next, COMPONENT_TYPES);
      break;
    case 1:
      a.type = choose(next, TYPES);
      break;
    case 2:
      a.normalized = true;
      if (next() < 0.5) a.componentType = choose(next, COMPONENT_TYPES);
      break;
    case 3:
      a.count = next() < 0.5 ? choose(next, BOUNDARY_COUNTS) : Math.max(1, a.count ?? 1) * choose(next, [2, 10, 1000, 100000]);
      break;
    case 4:
      a.byteOffset = choose(next, [1, 2, 3, 4, 8, 0x7fffffff, 2 ** 32, -4]);
      break;
    case 5:
      // Zero-filled: no bufferView, and now and then a count that zeros cost nothing to claim.
      delete a.bufferView;
      delete a.byteOffset;
      if (next() < 0.5) a.count = choose(next, [6228, 65536, 1e6, 1e7]);
      break;
    default: {
      const count = next() < 0.5 ? choose(next, [0, 1, 2, 0x7fffffff, 1e7]) : 1 + pick(next, 4);
      const values = new Float32Array(count <= 4 ? count * 4 : 4);
      const indices = new Float32Array(values.length / 4);
      const idx = appendAccessor(doc, indices, 'SCALAR');
      const val = appendAccessor(doc, values, 'VEC4');
      const [ib, vb] = [doc.json.accessors[idx].bufferView, doc.json.accessors[val].bufferView];
      // Indices as uint32 bit patterns of hostile values: out of range, repeated, decreasing.
      const u32 = new Uint32Array(doc.bin!.buffer, doc.bin!.byteOffset + doc.json.bufferViews[ib].byteOffset, indices.length);
      for (let i = 0; i < u32.length; i++) u32[i] = choose(next, [0, 1, i, 0xffffffff, (a.count ?? 1) - 1, a.count ?? 1]);
      a.sparse = { count, indices: { bufferView: ib, componentType: choose(next, [5121, 5123, 5125, 5126]) }, values: { bufferView: vb } };
      if (next() < 0.3) delete a.bufferView;
    }
  }
  return true;
};

/** byteStride, byteLength and byteOffset set to edge values. */
export const editBufferView: Edit = (doc, next) => {
  const views = list(doc, 'bufferViews').filter((v) => v && typeof v === 'object');
  if (!views.length) return false;
  const v = choose(next, views);
  const field = choose(next, ['byteStride', 'byteLength', 'byteOffset']);
  v[field] = choose(next, [0, 1, 2, 3, 4, 5, 252, 256, 0x7fffffff, 2 ** 32, -1, (v[field] ?? 4) + 1, (v[field] ?? 4) - 1]);
  return true;
};

/** Deep chains, cycles, shared children, many meshes (one per node), scenes without nodes, no scenes. */
export const editNodeGraph: Edit = (doc, next) => {
  const json = doc.json;
  json.nodes = list(doc, 'nodes').filter((n) => n && typeof n === 'object');
  const nodes: any[] = json.nodes;
  switch (pick(next, 6)) {
    case 0: {
      // A chain under node 0 (or a new root): 20,000 deep now and then, the depth a quadratic walk shows.
      const depth = next() < 0.1 ? 20_000 : 2 + pick(next, 500);
      const first = nodes.length;
      for (let i = 0; i < depth; i++) nodes.push(i + 1 < depth ? { children: [first + i + 1] } : {});
      if (first > 0) (nodes[0].children ??= []).push(first);
      else ((json.scenes ??= [{}])[0].nodes ??= []).push(first);
      break;
    }
    case 1: {
      if (!nodes.length) return false;
      // A cycle: a node made its own descendant's child.
      const at = pick(next, nodes.length);
      (nodes[at].children ??= []).push(next() < 0.5 ? at : pick(next, nodes.length));
      break;
    }
    case 2: {
      if (nodes.length < 2) return false;
      // A shared child: two parents for one node.
      const child = pick(next, nodes.length);
      for (let k = 0; k < 2; k++) (nodes[pick(next, nodes.length)].children ??= []).push(child);
      break;
    }
    case 3: {
      const meshes = list(doc, 'meshes');
      if (!meshes.length) return false;
      // Many meshes, each on its own node: the many-meshes writer path.
      const copies = next() < 0.1 ? 3000 : 2 + pick(next, 100);
      const root = nodes.length;
      nodes.push({ children: [] });
      for (let i = 0; i < copies; i++) {
        meshes.push(structuredClone(choose(next, meshes)));
        nodes.push({ mesh: meshes.length - 1 });
        nodes[root].children.push(nodes.length - 1);
      }
      ((json.scenes ??= [{}])[0].nodes ??= []).push(root);
      break;
    }
    case 4:
      json.scenes = [{}];
      json.scene = 0;
      break;
    default:
      delete json.scenes;
      delete json.scene;
  }
  return true;
};

/** An animation's key times: huge spans (550,000 s), non-increasing, NaN; a new two-key animation when the file has none. */
export const editKeyTimes: Edit = (doc, next) => {
  const json = doc.json;
  const samplers = list(doc, 'animations').flatMap((a) => (Array.isArray(a?.samplers) ? a.samplers : []));
  const times = choose(next, [
    [0, 550_000],
    [0, 1e7],
    [1, 0],
    [0, 0],
    [0, NaN],
    [-1e9, 1e9],
    [0, 1 / 3, 1 / 3, 1],
    [Infinity, 0],
  ]);
  if (!samplers.length || next() < 0.3) {
    if (!list(doc, 'nodes').length) json.nodes = [{ name: 'j' }];
    const input = appendAccessor(doc, Float32Array.from(times), 'SCALAR');
    const output = appendAccessor(doc, new Float32Array(times.length * 3).map((_, i) => i), 'VEC3');
    (json.animations ??= []).push({ channels: [{ sampler: 0, target: { node: pick(next, json.nodes.length), path: 'translation' } }], samplers: [{ input, output }] });
    return true;
  }
  const sampler = choose(next, samplers);
  const accessor = json.accessors?.[sampler.input];
  const view = json.bufferViews?.[accessor?.bufferView];
  if (!doc.bin || !accessor || !view) return false;
  const at = (view.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
  const count = Math.min(accessor.count ?? 0, Math.floor((doc.bin.length - at) / 4));
  if (count < 1 || at % 4) return false;
  const data = new Float32Array(doc.bin.buffer, doc.bin.byteOffset + at, count);
  for (let i = 0; i < count; i++) data[i] = times[Math.min(i, times.length - 1)]! * (i >= times.length ? i : 1);
  if (next() < 0.5) [accessor.min, accessor.max] = [[data[0]], [data[count - 1]]];
  return true;
};

/** Primitive modes 0–6 (points, lines, line loop, strips, triangles, strips, fans), with or without indices. */
export const editPrimitiveMode: Edit = (doc, next) => {
  const primitives = list(doc, 'meshes').flatMap((m) => (Array.isArray(m?.primitives) ? m.primitives.filter((p: unknown) => p && typeof p === 'object') : []));
  if (!primitives.length) return false;
  const mode = pick(next, 7);
  for (const p of next() < 0.5 ? primitives : [choose(next, primitives)]) {
    p.mode = mode;
    if (next() < 0.3) delete p.indices;
  }
  return true;
};

/** Node translation, rotation, scale or matrix with non-finite or float32-overflowing values (a joint matrix of 1e308). */
export const editTransform: Edit = (doc, next) => {
  const nodes = list(doc, 'nodes').filter((n) => n && typeof n === 'object');
  if (!nodes.length) return false;
  const node = choose(next, nodes);
  const value = () => (next() < 0.6 ? choose(next, HOSTILE_NUMBERS) : next() * 4 - 2);
  const field = choose(next, ['translation', 'rotation', 'scale', 'matrix']);
  if (field === 'matrix') {
    delete node.translation;
    delete node.rotation;
    delete node.scale;
    const v = value();
    node.matrix = next() < 0.5 ? new Array(16).fill(v) : Array.from({ length: 16 }, (_, i) => (i % 5 === 0 ? 1 : 0)).map((x, i) => (i === 12 ? v : x));
  } else {
    delete node.matrix;
    node[field] = Array.from({ length: field === 'rotation' ? 4 : 3 }, (_, i) => (i === 0 ? value() : field === 'scale' ? 1 : 0));
  }
  return true;
};

export const GLTF_MUTATORS: Mutator[] = [
  gltfMutator('gltf-accessors', editAccessor),
  gltfMutator('gltf-buffer-views', editBufferView),
  gltfMutator('gltf-node-graph', editNodeGraph),
  gltfMutator('gltf-key-times', editKeyTimes),
  gltfMutator('gltf-primitive-modes', editPrimitiveMode),
  gltfMutator('gltf-transforms', editTransform),
];

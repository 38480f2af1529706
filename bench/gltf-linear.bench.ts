// Linearity of the glTF paths issue 17 found superlinear: reading a deep node chain (an ancestor
// walk per node) and writing a GLB of many meshes (each animation track's key times compared with
// every input made so far). Each case at three sizes; per-item CPU time should stay flat.
// CPU time (process.cpuUsage), not wall time: the machine is shared. Median of ROUNDS interleaved
// rounds after one warm-up. Run: npx tsx bench/gltf-linear.bench.ts
// One run on the shared 2-core machine (load ~9), µs per item, before (fba6111) → after:
//   bare chain 5k/10k/20k nodes: 13.1 / 15.5 / 33.2 → 3.6 / 2.7 / 2.4 per node;
//   chain + skinned mesh: 9.8 / INTERNAL stack overflow / INTERNAL → 5.6 / 3.4 / 4.3 per node;
//   GLB of 1k/3k/9k meshes + tracks: 640 / 690 / 1345 → 639 / 561 / 638 per mesh (CPU time).
import { emptyAsset, glbFormat, gltfFormat, type Asset } from '../bindings/index.js';

const ROUNDS = 3;

/** A chain of `depth` nodes (each the only child of the one before), as the hostile reproducer: nothing else. */
function bareChain(depth: number): Uint8Array {
  const nodes = Array.from({ length: depth }, (_, i) => (i + 1 < depth ? { children: [i + 1] } : {}));
  return new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes }));
}

/** A chain of `depth` nodes (each the only child of the one before), a skinned mesh under the last, its joint in the middle. */
function nodeChain(depth: number): Uint8Array {
  const bin = new Uint8Array(36 + 12 + 48);
  new Float32Array(bin.buffer, 0, 9).set([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  new Float32Array(bin.buffer, 48, 12).set([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const nodes: Record<string, unknown>[] = Array.from({ length: depth }, (_, i) => ({ translation: [1, 0, 0], children: [i + 1] }));
  nodes.push({ mesh: 0, skin: 0 });
  return new TextEncoder().encode(JSON.stringify({
    asset: { version: '2.0' },
    nodes,
    meshes: [{ primitives: [{ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 } }] }],
    skins: [{ joints: [depth >> 1] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' },
      { bufferView: 1, componentType: 5121, count: 3, type: 'VEC4' },
      { bufferView: 2, componentType: 5126, count: 3, type: 'VEC4' },
    ],
    bufferViews: [{ buffer: 0, byteLength: 36 }, { buffer: 0, byteOffset: 36, byteLength: 12 }, { buffer: 0, byteOffset: 48, byteLength: 48 }],
    buffers: [{ byteLength: bin.length, uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` }],
  }));
}

/** `count` skinned triangles with a morph target, an extra attribute and a material each, and one animation of `count` tracks on distinct key times. */
function manyMeshes(count: number): Asset {
  const asset = emptyAsset('bench');
  asset.skeleton = { joints: [0, 1].map((j) => ({ name: `j${j}`, parent: j - 1, translation: [0, 1, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] })) };
  for (let i = 0; i < count; i++) {
    asset.meshes.push({
      name: `m${i}`,
      material: `material ${i}`,
      attributes: {
        positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, i]),
        normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]),
        uvs: [new Float32Array(6)],
        joints: new Uint16Array([0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]),
        weights: new Float32Array([0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0]),
      },
      indices: new Uint8Array([0, 1, 2]),
      targets: [{ name: 't', positions: new Float32Array(9) }],
      extras: { id: { components: 1, data: new Float32Array([i, i, i]) } },
    });
  }
  asset.animations.push({
    name: 'a', frameRate: 30, frameCount: 2,
    tracks: Array.from({ length: count }, (_, t) => ({ joint: t % 2, times: new Float32Array([0, 1 + t / count]), translation: new Float32Array([0, 0, 0, t, 0, 0]) })),
  });
  return asset;
}

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Case { label: string; size: number; unit: string; run: () => void }
const cases: Case[] = [
  ...[5000, 10000, 20000].map((depth): Case => {
    const bytes = bareChain(depth);
    return { label: `read a bare ${depth}-node chain (${(bytes.length / 1024).toFixed(0)} KiB)`, size: depth, unit: 'node', run: () => gltfFormat.parseSync(bytes) };
  }),
  ...[5000, 10000, 20000].map((depth): Case => {
    const bytes = nodeChain(depth);
    return { label: `read a ${depth}-node chain + skinned mesh (${(bytes.length / 1024).toFixed(0)} KiB)`, size: depth, unit: 'node', run: () => gltfFormat.parseSync(bytes) };
  }),
  ...[1000, 3000, 9000].map((count): Case => ({ label: `write a GLB of ${count} meshes + ${count} tracks`, size: count, unit: 'mesh', run: () => glbFormat.encodeSync(manyMeshes(count)) })),
];

const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
const failures = new Map<Case, string>();
for (let round = 0; round <= ROUNDS; round++) {
  for (const c of cases) {
    if (failures.has(c)) continue;
    const started = cpuMs();
    try {
      c.run();
    } catch (e) {
      failures.set(c, String((e as Error).message).slice(0, 120));
    }
    if (round > 0) times.get(c)!.push(cpuMs() - started);
  }
}
console.log(`| case | CPU ms (median of ${ROUNDS}) | µs per item |`);
console.log('|---|---|---|');
for (const c of cases) {
  if (failures.has(c)) { console.log(`| ${c.label} | failed: ${failures.get(c)} | |`); continue; }
  const ms = median(times.get(c)!);
  console.log(`| ${c.label} | ${ms.toFixed(0)} | ${((ms / c.size) * 1000).toFixed(1)} per ${c.unit} |`);
}

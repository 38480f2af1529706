// Review of round six (h-enc21's shared vertex views with sections, reused accessors; h-box21's
// kernels): three.js's own GLTFLoader with its MeshoptDecoder, run in Node (geometry only, no
// textures: no browser needed), reads the optimized GLB of many small meshes (repeated,
// near-repeated, mixed attributes, degenerate triangles, unused vertices) to the same world-space
// positions, normals and UVs, vertex for vertex, and the same triangles, as meshcodec's reader.
import { beforeAll, describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { createKernelsSync, glbFormat, gltf } from '../bindings/index.js';
import { manyMeshes } from './review6b-many-meshes.js';

beforeAll(async () => {
  await gltf.initMeshopt();
  await MeshoptDecoder.ready;
});

async function threeMeshes(bytes: Uint8Array): Promise<THREE.Mesh[]> {
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const result = await loader.parseAsync(buffer, '');
  result.scene.updateMatrixWorld(true);
  const meshes: THREE.Mesh[] = [];
  result.scene.traverse((o) => { if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh); });
  return meshes;
}

const SETTINGS = [
  { name: 'optimize', options: { quantize: true, compress: 'meshopt' } },
  { name: 'optimize + pruneUnread', options: { quantize: true, compress: 'meshopt', pruneUnread: true } },
] as const;

describe('three.js GLTFLoader + MeshoptDecoder in Node against meshcodec\'s reader', () => {
  it.each([1, 2, 3].flatMap((seed) => SETTINGS.map((s) => [seed, s.name, s.options] as const)))('seed %i, %s', async (seed, _, options) => {
    const bytes = glbFormat.encodeSync(manyMeshes(seed), options);
    const ours = glbFormat.parseSync(bytes, { kernels: createKernelsSync('js') }).meshes;
    const theirs = await threeMeshes(bytes);
    expect(theirs.length).toBe(ours.length);
    const faults: string[] = [];
    ours.forEach((m, i) => {
      const t = theirs[i]!;
      const g = t.geometry;
      const position = g.getAttribute('position');
      if (position.count * 3 !== m.attributes.positions.length) return faults.push(`${m.name}: ${position.count} vertices, ours ${m.attributes.positions.length / 3}`);
      const v = new THREE.Vector3();
      let worst = 0;
      for (let k = 0; k < position.count; k++) {
        v.fromBufferAttribute(position, k).applyMatrix4(t.matrixWorld);
        worst = Math.max(worst, Math.abs(v.x - m.attributes.positions[k * 3]!), Math.abs(v.y - m.attributes.positions[k * 3 + 1]!), Math.abs(v.z - m.attributes.positions[k * 3 + 2]!));
      }
      if (worst > 1e-6) faults.push(`${m.name}: positions differ by ${worst}`);
      for (const [name, ours] of [['normal', m.attributes.normals], ['uv', m.attributes.uvs?.[0]]] as const) {
        const a = g.getAttribute(name);
        if ((a === undefined) !== (ours === undefined)) { faults.push(`${m.name}: ${name} in one reader only`); continue; }
        if (!a || !ours) continue;
        let off = 0;
        for (let k = 0; k < a.count; k++) {
          // Normals made unit (meshcodec's reader makes decoded snorm normals unit; three keeps them as stored).
          const length = name === 'normal' ? Math.hypot(a.getX(k), a.getY(k), a.getZ(k)) || 1 : 1;
          for (let c = 0; c < a.itemSize; c++) off = Math.max(off, Math.abs(a.getComponent(k, c) / length - ours[k * a.itemSize + c]!));
        }
        if (off > 1e-6) faults.push(`${m.name}: ${name} differs by ${off}`);
      }
      const index = g.getIndex()!;
      if (Array.from(index.array).join() !== Array.from(m.indices).join()) faults.push(`${m.name}: indices differ`);
    });
    expect(faults).toEqual([]);
  });
});

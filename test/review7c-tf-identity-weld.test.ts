// Review of round seven's TF identity weld (to-asset.ts, weldGroups: a submesh whose one index
// stream uses every element of a run of its attributes is its own weld; its indices are narrowed
// in a workspace and copied into the submesh's attribute block). test/tf-parse-fresh-memory.test.ts
// covers one submesh whose stream is a permutation of 0..n−1; here several submeshes share one
// set of attributes, so each identity weld starts at an element other than 0 (the values are
// rebased), at each index width (a run of ≤ 256, ≤ 65,536 and more elements), beside an empty
// submesh and one that is not an identity, each parse on kernels made just before it (WebAssembly
// memory grows mid-parse). The expectation is computed from the stream, not by the reader:
// vertex v of an identity submesh is attribute element first + v, its indices the stream − first.
import { describe, expect, it } from 'vitest';
import { createKernelsSync } from '../bindings/index.js';
import { tfFormat } from '../bindings/formats/tf/tf-format.js';
import { BACKENDS, rng } from './helpers/backends.js';

function permutation(next: () => number, first: number, count: number): number[] {
  const a = Array.from({ length: count }, (_, i) => first + i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** A descriptor and blob: `runs` identity submeshes over consecutive runs of one attribute set, an empty one, a random one. */
function shared(runs: number[], seed: number) {
  const next = rng(seed);
  const elements = runs.reduce((s, n) => s + n, 0);
  const positions = new Float32Array(elements * 3).map(() => next() * 10 - 5);
  const uv = new Float32Array(elements * 2).map(() => next());
  const streams: number[][] = [];
  let first = 0;
  for (const n of runs) {
    streams.push(permutation(next, first, n));
    first += n;
  }
  streams.push([]);
  streams.push(Array.from({ length: 30 }, () => Math.floor(next() * elements)));
  const parts = [new Uint8Array(positions.buffer), new Uint8Array(uv.buffer), ...streams.map((s) => new Uint8Array(new Uint32Array(s).buffer))];
  const offsets: number[] = [];
  let total = 0;
  for (const p of parts) {
    offsets.push(total);
    total += p.length;
  }
  const blob = new Uint8Array(total);
  parts.forEach((p, i) => blob.set(p, offsets[i]!));
  const range = (i: number) => `{ count = ${parts[i]!.length}, offset = ${offsets[i]} }`;
  const subMeshes = streams.map((_, s) => `    { indices = { position = ${range(2 + s)}, uv0 = ${range(2 + s)} } },`).join('\n');
  const text = `function data() return {\n  subMeshes = {\n${subMeshes}\n  },\n  vertexAttr = {\n    position = { count = ${parts[0]!.length}, numComp = 3, offset = 0 },\n    uv0 = { count = ${parts[1]!.length}, numComp = 2, offset = ${offsets[1]} },\n  }\n} end\n`;
  return { descriptor: new TextEncoder().encode(text), blob, positions, uv, streams };
}

describe('TF identity weld of submeshes sharing one set of attributes', () => {
  for (const runs of [[3, 150, 255, 6], [300, 2_001, 65_535], [3, 65_538, 9]]) {
    it(`runs of ${runs.join(', ')} elements, every backend on fresh kernels`, () => {
      const { descriptor, blob, positions, uv, streams } = shared(runs, runs.length + runs[1]!);
      const options = { fileName: 'shared.msh', resolve: (name: string) => (name === 'shared.msh.blob' ? blob : undefined) };
      for (const backend of BACKENDS) {
        const asset = tfFormat.parseSync(descriptor, { ...options, kernels: createKernelsSync(backend) });
        expect(asset.meshes.length, backend).toBe(runs.length + 2);
        let first = 0;
        runs.forEach((n, s) => {
          const mesh = asset.meshes[s]!;
          const width = n > 65_536 ? Uint32Array : n > 256 ? Uint16Array : Uint8Array;
          expect(mesh.indices.constructor, `${backend} submesh ${s}`).toBe(width);
          expect(Array.from(mesh.indices), `${backend} submesh ${s}`).toEqual(streams[s]!.map((i) => i - first));
          expect(Array.from(mesh.attributes.positions), `${backend} submesh ${s}`).toEqual(Array.from(positions.subarray(first * 3, (first + n) * 3)));
          expect(Array.from(mesh.attributes.uvs![0]!), `${backend} submesh ${s}`).toEqual(Array.from(uv.subarray(first * 2, (first + n) * 2)).map((v, i) => (i % 2 ? 1 - v : v)).map((v) => Math.fround(v)));
          first += n;
        });
        expect(asset.meshes[runs.length]!.indices.length, backend).toBe(0);
        const random = asset.meshes[runs.length + 1]!;
        const corners = streams[runs.length + 1]!;
        // Not an identity: vertices in order of first use, each corner's position the element's.
        for (let c = 0; c < corners.length; c++) {
          const v = random.indices[c]!;
          expect(Array.from(random.attributes.positions.subarray(v * 3, v * 3 + 3)), `${backend} corner ${c}`).toEqual(Array.from(positions.subarray(corners[c]! * 3, corners[c]! * 3 + 3)));
        }
      }
    });
  }
});

// Review of round six: random Assets of many small meshes for the optimized writer's tests
// (review6b-*.test.ts): random ones, exact copies, and copies changed in one value away from the
// values the accessor reuse key samples; degenerate triangles and unused vertices come with the
// random triangle lists.
import type { Asset, Mesh } from '../bindings/index.js';
import { indexArrayFor } from '../bindings/model/validate-asset.js';
import { rng } from './helpers/backends.js';

/** A random small mesh: values drawn from a few levels (so that meshes share sampled values), random triangles. */
function randomMesh(next: () => number, name: string, vertices: number, triangles: number, kinds: { normals: boolean; tangents: boolean; uvs: boolean; colors: boolean }, degenerate: boolean): Mesh {
  const level = (n: number) => Math.floor(next() * n) / n;
  const positions = new Float32Array(vertices * 3).map(() => level(8) * 2 - 1);
  const mesh: Mesh = { name, attributes: { positions }, indices: indexArrayFor(vertices, triangles * 3) } as Mesh;
  if (kinds.normals) {
    const normals = new Float32Array(vertices * 3);
    for (let v = 0; v < vertices; v++) {
      const a = level(6) * Math.PI * 2;
      normals.set([Math.cos(a), 0, Math.sin(a)], v * 3);
    }
    mesh.attributes.normals = normals;
  }
  if (kinds.tangents) {
    const tangents = new Float32Array(vertices * 4);
    for (let v = 0; v < vertices; v++) tangents.set([0, 1, 0, next() < 0.5 ? 1 : -1], v * 4);
    mesh.attributes.tangents = tangents;
  }
  if (kinds.uvs) mesh.attributes.uvs = [new Float32Array(vertices * 2).map(() => level(4))];
  if (kinds.colors) mesh.attributes.colors = new Float32Array(vertices * 4).map(() => level(2));
  for (let t = 0; t < triangles * 3; t += 3) {
    const a = Math.floor(next() * vertices);
    let b = Math.floor(next() * vertices);
    let c = Math.floor(next() * vertices);
    // Without degenerate triangles: corners made distinct (vertices >= 3).
    if (!degenerate) {
      if (b === a) b = (a + 1) % vertices;
      while (c === a || c === b) c = (c + 1) % vertices;
    }
    mesh.indices[t] = a;
    mesh.indices[t + 1] = b;
    mesh.indices[t + 2] = c;
  }
  return mesh;
}

function copyMesh(m: Mesh, name: string): Mesh {
  const a = m.attributes;
  return {
    name,
    attributes: { positions: a.positions.slice(), normals: a.normals?.slice(), tangents: a.tangents?.slice(), uvs: a.uvs?.map((u) => u.slice()), colors: a.colors?.slice() },
    indices: m.indices.slice(),
  } as Mesh;
}

/** Meshes of one seed: random ones, exact copies, and copies changed in one value away from the first, middle and last. */
export function manyMeshes(seed: number, degenerate = true): Asset {
  const next = rng(seed);
  const meshes: Mesh[] = [];
  for (let i = 0; i < 24; i++) {
    const pick = next();
    const earlier = meshes[Math.floor(next() * meshes.length)];
    if (earlier && pick < 0.25) meshes.push(copyMesh(earlier, `copy${i}`));
    else if (earlier && pick < 0.55) {
      const m = copyMesh(earlier, `near${i}`);
      // One value changed that the reuse key does not sample (not the first, middle or last element).
      const which = Math.floor(next() * 4);
      const n = m.indices.length;
      if (which === 0 && n > 6) {
        const t = 1 + Math.floor(next() * (n - 2));
        // Turned, so that a triangle without degenerate corners stays so.
        const first = t - (t % 3);
        if (t !== (n - 1) >> 1 && first !== 0 && first + 3 < n) {
          const [a, b, c] = [m.indices[first]!, m.indices[first + 1]!, m.indices[first + 2]!];
          if (a !== b && b !== c && a !== c) m.indices.set([a, c, b], first);
        }
      } else if (which === 1) m.attributes.positions[4] = m.attributes.positions[4]! + 0.5;
      else if (which === 2 && m.attributes.uvs) m.attributes.uvs[0]![3] = 1 - m.attributes.uvs[0]![3]!;
      else if (m.attributes.normals) m.attributes.normals.set([0, 1, 0], 3);
      meshes.push(m);
    } else {
      const vertices = 3 + Math.floor(next() * (next() < 0.2 ? 1200 : 60));
      const triangles = 1 + Math.floor(next() * (next() < 0.2 ? 1100 : 40));
      const normals = next() < 0.7;
      meshes.push(randomMesh(next, `m${i}`, vertices, triangles, { normals, tangents: normals && next() < 0.5, uvs: next() < 0.7, colors: next() < 0.3 }, degenerate));
    }
  }
  return { source: 'test', meshes, animations: [], warnings: [] };
}


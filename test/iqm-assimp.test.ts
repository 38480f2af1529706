import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iqmToAsset, readIqm } from '../bindings/formats/iqm/index.js';
import { testTempDir } from './helpers/temp-dir.js';
import { assimpAvailable } from './helpers/assimp.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';


const ready = assimpAvailable && existsSync(MRFIXIT);
const SKIP = 'assimp or mrfixit.iqm is missing: apt-get install assimp-utils assimp-testmodels to run this check';
if (!ready) console.warn(`[meshcodec tests] ${SKIP}`);

interface Ply {
  vertices: number[][];
  faces: number[][];
}

/** The ASCII PLY assimp's exporter writes: x y z nx ny nz s t per vertex, "3 a b c" per face. */
function parsePly(text: string): Ply {
  const lines = text.split('\n');
  const header = lines.indexOf('end_header');
  const vertexCount = Number(/element vertex (\d+)/.exec(text)![1]);
  const faceCount = Number(/element face (\d+)/.exec(text)![1]);
  expect(lines.slice(0, header).filter((l) => l.startsWith('property float')).map((l) => l.split(' ')[2])).toEqual(['x', 'y', 'z', 'nx', 'ny', 'nz', 's', 't']);
  const body = lines.slice(header + 1);
  return {
    vertices: body.slice(0, vertexCount).map((l) => l.trim().split(/\s+/).map(Number)),
    faces: body.slice(vertexCount, vertexCount + faceCount).map((l) => l.trim().split(/\s+/).slice(1).map(Number)),
  };
}

/**
 * assimp's IQM importer (5.x) differs from the file in three documented ways, which this test
 * undoes: it puts the model under a root node rotated −90° about X (Z-up to Y-up), which the
 * PLY exporter bakes in, so (x, y, z) becomes (x, z, −y) for positions and normals; it flips
 * texture V (t = 1 − v); and it reverses IQM's clockwise winding, exactly as our Asset
 * conversion does.
 */
describe.skipIf(!ready)(`mrfixit.iqm against assimp (${ready ? 'assimp export … .ply' : SKIP})`, () => {
  it('positions, normals and texture coordinates match assimp vertex for vertex; triangles match', () => {
    const out = join(testTempDir('assimp'), 'mrfixit.ply');
    execFileSync('assimp', ['export', MRFIXIT, out], { stdio: 'ignore' });
    const ply = parsePly(readFileSync(out, 'utf8'));
    const asset = iqmToAsset(readIqm(new Uint8Array(readFileSync(MRFIXIT))));
    expect(ply.vertices.length).toBe(1861);
    expect(ply.faces.length).toBe(2988);

    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
    let base = 0;
    let faceBase = 0;
    let mismatches = 0;
    for (const mesh of asset.meshes) {
      const { positions, normals } = mesh.attributes;
      const uv = mesh.attributes.uvs![0]!;
      const count = positions.length / 3;
      for (let i = 0; i < count; i++) {
        const [x, y, z, nx, ny, nz, s, t] = ply.vertices[base + i]!;
        const ours = [positions[i * 3]!, positions[i * 3 + 2]!, -positions[i * 3 + 1]!, normals![i * 3]!, normals![i * 3 + 2]!, -normals![i * 3 + 1]!, uv[i * 2]!, 1 - uv[i * 2 + 1]!];
        const theirs = [x!, y!, z!, nx!, ny!, nz!, s!, t!];
        if (!ours.every((v, k) => close(v, theirs[k]!))) mismatches++;
      }
      for (let f = 0; f < mesh.indices.length / 3; f++) {
        const ours = [0, 1, 2].map((c) => mesh.indices[f * 3 + c]! + base);
        expect(ply.faces[faceBase + f]).toEqual(ours);
      }
      base += count;
      faceBase += mesh.indices.length / 3;
    }
    expect(mismatches).toBe(0);
    // Without the V flip, the texture coordinates would not match.
    const v0 = asset.meshes[0]!.attributes.uvs![0]![1]!;
    expect(close(v0, ply.vertices[0]![7]!)).toBe(false);
  });
});

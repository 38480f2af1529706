import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles, FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { createKernelsSync, detectFormat, summarizeAsset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';

describe('fixtures/', () => {
  const files = fixtureFiles();

  it('are what the writers make today (run `npm run fixtures` after changing a writer)', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const { name, bytes } of files) {
      const path = join(FIXTURES_DIR, name);
      expect(existsSync(path), `${name} is missing`).toBe(true);
      expect(new Uint8Array(readFileSync(path)), name).toEqual(bytes);
    }
  });

  it('read back with the geometry, skeleton and animation of the tube', () => {
    const expected = summarizeAsset(tubeAsset());
    const byName = new Map(files.map((f) => [f.name, f.bytes]));
    for (const { name, bytes } of files) {
      if (name.endsWith('.blob')) continue; // read with its .msh
      const format = detectFormat(bytes, name)!;
      for (const backend of ['wasm-simd', 'js'] as const) {
        const asset = format.parseSync(bytes, { kernels: createKernelsSync(backend), fileName: name, resolve: (sibling) => byName.get(sibling) });
        const s = summarizeAsset(asset);
        // MeshSerializer2 stores geometry only.
        const geometryOnly = format.name === 'ms2';
        expect({ name, triangles: s.triangles, joints: s.joints, animations: s.animations, frames: s.frames }).toEqual({
          name,
          triangles: name.endsWith('.anim') ? 0 : expected.triangles, // an animation file has no geometry
          // MeshSerializer2 stores geometry only; Transport Fever has no skeleton: the one animated
          // joint comes back as the animation's own joint.
          joints: geometryOnly ? 0 : name.endsWith('.msh') ? 1 : expected.joints,
          animations: geometryOnly ? 0 : expected.animations,
          frames: geometryOnly ? 0 : expected.frames,
        });
      }
    }
  });
});

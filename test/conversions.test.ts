// Every reader's fixture through the Asset into every writer, and back: the matrix users run
// (`meshcodec convert --to …`). glTF into every format, every format into glTF, with the counts
// each target can hold.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS, detectFormat, summarizeAsset, type Asset, type FormatHandler } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';

const names = readdirSync(FIXTURES_DIR).filter((n) => !n.endsWith('.ts'));
const sources = names.filter((n) => !names.some((owner) => n.startsWith(`${owner}.`)));
const readFixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));

function parse(name: string): Asset {
  const bytes = readFixture(name);
  return detectFormat(bytes, name)!.parseSync(bytes, { fileName: name, resolve: (n) => (names.includes(n) ? readFixture(n) : undefined) });
}

/** Encodes with `target` (every file it writes) and reads the main file back. */
function roundTrip(asset: Asset, target: FormatHandler): Asset {
  const main = `out${target.extensions[0]}`;
  const files = target.encodeFiles ? target.encodeFiles(asset, main) : [{ name: main, bytes: target.encodeSync(asset) }];
  return target.parseSync(files[0]!.bytes, { fileName: main, resolve: (n) => files.find((f) => f.name === n)?.bytes });
}

describe('every fixture into every writer and back', () => {
  for (const target of FORMATS) {
    it(`→ ${target.name}`, () => {
      for (const source of sources) {
        const asset = parse(source);
        const expected = summarizeAsset(asset);
        const back = summarizeAsset(roundTrip(asset, target));
        // Every writer keeps the geometry (MeshSerializer2 and TF hold no skeleton, an .anim no meshes).
        if (expected.triangles > 0) expect(back.triangles, `${source} → ${target.name}`).toBe(expected.triangles);
        if (['glb', 'gltf', 'iqm', 'unigine', 'apg'].includes(target.name)) {
          expect(back.joints, `${source} → ${target.name} joints`).toBe(expected.joints);
          expect(back.animations, `${source} → ${target.name} animations`).toBe(expected.animations);
        }
      }
    });
  }
});

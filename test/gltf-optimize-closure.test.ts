// Closure for the web-ready glTF writers: every closure source (fixtures, corpus, synthetic and
// hostile files, 40 fuzz mutations of each format's seeds) written with `quantize`, `compress:
// 'meshopt'` and both, as GLB and as .gltf + .bin, is read back by meshcodec (or refused with an
// Asset path), and the fixtures', synthetic, small corpus and hostile sources' outputs have no
// Khronos validator error.
import validator from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, gltfFormat, type Kernels } from '../bindings/index.js';
import type { GltfWriteOptions } from '../bindings/formats/gltf/gltf-format.js';
import type { WriterCall } from './helpers/asset-fuzz.js';
import { BACKENDS } from './helpers/backends.js';
import { closureOutcome, closureSources, fuzzedSources, isClosed } from './helpers/closure.js';

beforeAll(() => gltf.initMeshopt());

const VARIANTS: [string, GltfWriteOptions][] = [
  ['quantize', { quantize: true }],
  ['quantize 8/16', { quantize: { position: 8, normal: 16, tangent: 16, uv: 8, color: 16, weight: 16 } }],
  ['meshopt', { compress: 'meshopt' }],
  ['optimize', { quantize: true, compress: 'meshopt' }],
];

const calls: WriterCall[] = VARIANTS.flatMap(([label, options]) => [
  { name: `glb.encodeSync(${label})`, format: glbFormat, files: (asset, kernels: Kernels) => [{ name: 'out.glb', bytes: glbFormat.encodeSync(asset, { ...options, kernels }) }] },
  { name: `gltf.encodeFiles(${label})`, format: gltfFormat, files: (asset, kernels: Kernels) => gltfFormat.encodeFiles!(asset, 'out.gltf', { ...options, kernels }) },
]);

function openPairs(kernels: Kernels, sources: ReturnType<typeof closureSources>): string[] {
  const open: string[] = [];
  for (const source of sources) {
    if (!source.read(kernels)) continue;
    for (const call of calls) {
      const outcome = closureOutcome(call, source.read(kernels)!, kernels);
      if (!isClosed(outcome)) open.push(`${source.name} → ${call.name}: ${JSON.stringify(outcome)}`);
    }
  }
  return open;
}

describe('quantized and meshopt-compressed glTF: closure', () => {
  it('every closure source and fuzz input on wasm-simd: read back, or refused with an Asset path', () => {
    const simd = createKernelsSync('wasm-simd');
    expect(openPairs(simd, closureSources())).toEqual([]);
    const fuzzed = fuzzedSources(40, 20);
    expect(fuzzed.length).toBeGreaterThan(40);
    expect(openPairs(simd, fuzzed)).toEqual([]);
  });

  it.each(BACKENDS)('fixtures and synthetic sources on %s: the same', (backend) => {
    const kernels = createKernelsSync(backend);
    const sources = closureSources().filter((s) => s.name.startsWith('fixtures/') || s.name.startsWith('synthetic '));
    expect(openPairs(kernels, sources)).toEqual([]);
  });

  it('no Khronos validator error in any output of the fixtures, synthetic, corpus and hostile sources', async () => {
    const simd = createKernelsSync('wasm-simd');
    const report: string[] = [];
    let validated = 0;
    for (const source of closureSources()) {
      if (!source.read(simd)) continue;
      for (const call of calls) {
        if (closureOutcome(call, source.read(simd)!, simd).kind !== 'read back') continue;
        const files = call.files(source.read(simd)!, simd);
        const resources = Object.fromEntries(files.slice(1).map((f) => [f.name, f.bytes]));
        const result = await validator.validateBytes(files[0]!.bytes, { maxIssues: 0, externalResourceFunction: (uri: string) => (uri in resources ? Promise.resolve(resources[uri]!) : Promise.reject(new Error(`no resource ${uri}`))) });
        validated++;
        for (const m of result.issues.messages.filter((x: { severity: number }) => x.severity === 0)) report.push(`${source.name} → ${call.name}: ${m.code} (${m.pointer ?? ''}): ${m.message}`);
      }
    }
    expect(validated).toBeGreaterThan(100);
    expect(report).toEqual([]);
  });
});

/**
 * The CLI reads EXT_meshopt_compression files without being told to: it loads meshoptimizer's
 * decoder (asynchronously, once) when a glTF can be among its inputs. In-process (runCli), in a
 * file of its own so that nothing has loaded the decoder before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../bindings/cli/main.js';
import { iqmFormat, meshoptReady, summarizeAsset } from '../bindings/index.js';
import { glbFormat } from '../bindings/index.js';
import { gltfpack } from './helpers/gltfpack.js';
import { featureGltf, glb } from './helpers/gltf-samples.js';
import { testTempDir } from './helpers/temp-dir.js';

function memoryIO() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string | Uint8Array) => void out.push(String(t)), err: (t: string) => void err.push(t), outIsTTY: false, errIsTTY: false, columns: 80, readStdin: async () => new Uint8Array(0) },
  };
}

describe('CLI on a gltfpack -cc file', () => {
  it('info and convert read it (the decoder loaded by the CLI itself)', async () => {
    const dir = testTempDir('meshopt-cli');
    const { json, bin } = featureGltf();
    const packed = await gltfpack(glb(json, bin), ['-cc'], 'in.glb');
    const input = join(dir, 'packed.glb');
    writeFileSync(input, packed);
    expect(meshoptReady()).toBe(false);
    const info = memoryIO();
    expect(await runCli(['info', '--json', input], { io: info.io, version: 'test' }), info.err.join('')).toBe(0);
    expect(JSON.parse(info.out.join('').trim().split('\n')[0]!)).toMatchObject({ format: 'glb', triangles: 4, joints: 2, animations: 1, warnings: [] });
    expect(meshoptReady()).toBe(true);
    const convert = memoryIO();
    const output = join(dir, 'out.iqm');
    expect(await runCli(['convert', input, '-o', output], { io: convert.io, version: 'test' }), convert.err.join('')).toBe(0);
    const back = iqmFormat.parseSync(new Uint8Array(readFileSync(output)));
    expect(summarizeAsset(back).triangles).toBe(summarizeAsset(glbFormat.parseSync(packed)).triangles);
  }, 60_000);
});

// The loaders.gl-style loaders (GltfLoader.parse) and the decode pool's jobs loaded meshoptimizer's
// decoder only when the bytes held the name EXT_meshopt_compression as written; a .gltf that spells
// it with a JSON escape (`EXT\u005fmeshopt_compression`, which JSON.parse reads as the name) then
// failed with UNSUPPORTED "decoder is not loaded yet". The CLI's conversions had this fixed by
// mayNeedMeshoptDecoder (h-review7d); the loaders and the pool now ask it too. Fresh processes:
// once loaded, the decoder stays.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const LIBRARY = join(ROOT, 'dist', 'index.js');

describe.skipIf(!existsSync(CLI))('a meshopt .gltf whose extension name is escaped', () => {
  it('reads through GltfLoader.parse in a fresh process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meshopt-escaped-'));
    const made = spawnSync(process.execPath, [CLI, 'convert', join(ROOT, 'fixtures', 'tube.glb'), '--to', 'gltf', '--optimize', '--embed-buffers', '-o', 'opt.gltf', '--quiet'], { cwd: dir, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const text = readFileSync(join(dir, 'opt.gltf'), 'utf8');
    expect(text).toContain('EXT_meshopt_compression');
    const escaped = join(dir, 'escaped.gltf');
    writeFileSync(escaped, text.replaceAll('EXT_meshopt_compression', 'EXT\\u005fmeshopt_compression'));
    const script = `const { GltfLoader } = await import(${JSON.stringify(LIBRARY)});
const { readFileSync } = await import('node:fs');
const asset = await GltfLoader.parse(readFileSync(${JSON.stringify(escaped)}));
console.log(asset.meshes.length, asset.meshes[0].attributes.positions.length);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toMatch(/^[1-9]\d* [1-9]\d*$/);
  });
});

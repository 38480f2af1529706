// The package as a user gets it: `npm pack`, then `npm install` of the tarball into a new project,
// used from ESM, from CommonJS, from strict TypeScript (the README's library example and every
// documented option, compiled with tsc --strict against the published .d.ts, then run), and
// through its `meshcodec` bin. Needs dist/ (npm test builds it first); skips with a message
// otherwise.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = existsSync(join(ROOT, 'dist/index.js')) && existsSync(join(ROOT, 'dist/index.cjs'));
const SKIP = 'dist/ not built (npm run build)';
if (!built) console.warn(`[meshcodec tests] package test skipped: ${SKIP}`);

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

interface PackedFile { path: string; size: number }

/** The README's first TypeScript block after "## Library". */
function readmeLibraryExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Library'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no ```ts block under "## Library"');
  return match[1]!;
}

/** Every option the README documents, through handlers and namespaces; wrong ones must not compile. */
const OPTIONS_TS = `import { readFileSync } from 'node:fs';
import { createKernelsSync, initSync, iqm, iqmFormat, unigine, unigineFormat, detectFormat, type Asset, type FormatHandler } from 'meshcodec';

initSync({ backend: 'js' });
const kernels = createKernelsSync('wasm-scalar');
const bytes = new Uint8Array(readFileSync('actor_00.mesh'));
const asset: Asset = unigineFormat.parseSync(bytes, { frameRate: 24, kernels });
const mesh: Uint8Array = unigineFormat.encodeSync(asset, { kind: 'mesh', quantize: 'round', frameRate: 30, kernels });
const anim: Uint8Array = unigine.encodeUnigine(asset, { kind: 'anim', quantize: 'truncate' });
unigine.parseUnigine(mesh, { frameRate: 30 });
const iqmBytes: Uint8Array = iqmFormat.encodeSync(asset, { blendWeights: 'float', colors: 'ubyte' });
const document: iqm.IqmDocument = iqm.assetToIqm(asset, { blendWeights: 'ubyte', colors: 'float' });
iqmFormat.parseSync(iqmBytes, { maxExpansion: 64, frameRate: 30, kernels });
iqm.readIqm(iqmBytes, { maxExpansion: 64, kernels });
const same: Uint8Array = iqmFormat.rewriteSync(iqmBytes, { kernels });
const sameMesh: Uint8Array = unigineFormat.rewriteSync(mesh);
const handler: FormatHandler | undefined = detectFormat(iqmBytes, 'x.iqm');
// @ts-expect-error IQM quantizes frames as the reference compiler does: it takes no 'quantize'
iqmFormat.encodeSync(asset, { quantize: 'round' });
// @ts-expect-error not a UNIGINE kind
unigineFormat.encodeSync(asset, { kind: 'scene' });
// @ts-expect-error not an IQM weight format
iqmFormat.encodeSync(asset, { blendWeights: 'half' });
console.log(JSON.stringify({
  anim: String.fromCharCode(...anim.subarray(0, 4)),
  iqmWeights: iqm.readIqm(iqmBytes).vertexArrays.map((a) => iqm.IQM_FORMAT_NAMES[a.format]),
  documentArrays: document.vertexArrays.length,
  rewritten: same.length === iqmBytes.length && sameMesh.length === mesh.length,
  detected: handler?.name,
}));
`;

const ESM = `import { initSync, backend, detectFormat, iqmFormat, summarizeAsset, iqm } from 'meshcodec';
import { readFileSync } from 'node:fs';
initSync();
const bytes = new Uint8Array(readFileSync('actor_00.mesh'));
const asset = detectFormat(bytes, 'actor_00.mesh').parseSync(bytes);
const back = iqm.readIqm(iqmFormat.encodeSync(asset));
console.log(JSON.stringify({ backend: backend(), summary: summarizeAsset(asset), meshes: back.meshes.length }));
`;

const CJS = `const { initSync, backend, unigineFormat, summarizeAsset, MeshFormatError } = require('meshcodec');
const { readFileSync } = require('node:fs');
initSync({ backend: 'wasm-scalar' });
const bytes = new Uint8Array(readFileSync('actor_00.mesh'));
let code = '';
try { unigineFormat.parseSync(bytes.subarray(0, 30)); } catch (e) { code = e instanceof MeshFormatError ? e.code : String(e); }
console.log(JSON.stringify({ backend: backend(), summary: summarizeAsset(unigineFormat.parseSync(bytes)), code }));
`;

describe.skipIf(!built)(`the packed package in a new project (${built ? 'npm pack + npm install' : SKIP})`, () => {
  let work = '';
  let project = '';
  let packed: { filename: string; size: number; unpackedSize: number; files: PackedFile[] };

  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(() => {
    work = makeTempDir('package');
    project = join(work, 'consumer');
    // dist/ is fresh (npm test builds it); `prepack` builds it when a user packs a clean clone.
    const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    packed = (JSON.parse(out) as (typeof packed)[])[0]!;
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // A UNIGINE mesh under the name the README's example reads.
    copyFileSync(join(ROOT, 'fixtures/tube.mesh'), join(project, 'actor_00.mesh'));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)]);
  }, 60_000);

  afterAll(() => {
    if (work) removeTempDir(work);
  });

  it('ships dist/ (built by prepack), LICENSE, one WebAssembly copy per module system, no source maps', () => {
    expect(pkg.scripts.prepack).toBe('npm run build');
    const paths = packed.files.map((f) => f.path).sort();
    for (const path of ['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.cjs', 'dist/cli.js', 'dist/library.js', 'dist/types/index.d.ts']) expect(paths).toContain(path);
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(paths.every((p) => ['LICENSE', 'README.md', 'package.json'].includes(p) || p.startsWith('dist/'))).toBe(true);
    const installed = (path: string) => readFileSync(join(project, 'node_modules/meshcodec', path), 'utf8');
    // "AGFzbQ" is the base64 of the WebAssembly magic: the SIMD and the scalar build, once in the
    // ESM library chunk (shared by index.js and cli.js) and once in the CommonJS bundle.
    const copies = (path: string) => installed(path).split('"AGFzbQ').length - 1;
    // The other entries (cli.js, the worker pools and their worker scripts) import the chunk.
    const scripts = paths.filter((p) => p.endsWith('.js') || p.endsWith('.cjs')).map((p) => [p, copies(p)] as const);
    expect(scripts.filter(([, n]) => n > 0)).toEqual([['dist/index.cjs', 2], ['dist/library.js', 2]]);
    expect(scripts.map(([p]) => p)).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/index.js', 'dist/worker.js', 'dist/browser-pool-worker.js']));
    expect(installed('dist/types/kernels/wasm-binaries.generated.d.ts').length).toBeLessThan(200);
    expect(installed('LICENSE')).toContain('MIT License');
    console.info(`[meshcodec tests] ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${paths.length} files`);
  });

  it('works from ESM', () => {
    writeFileSync(join(project, 'esm.mjs'), ESM);
    const result = JSON.parse(run('node', ['esm.mjs'])) as { backend: string; summary: { triangles: number; joints: number }; meshes: number };
    expect(result).toMatchObject({ summary: { triangles: 120, joints: 2 }, meshes: 1 });
    expect(['wasm-simd', 'wasm-scalar', 'js']).toContain(result.backend);
  });

  it('works from CommonJS', () => {
    writeFileSync(join(project, 'cjs.cjs'), CJS);
    expect(JSON.parse(run('node', ['cjs.cjs']))).toMatchObject({ backend: 'wasm-scalar', summary: { triangles: 120, joints: 2 }, code: 'TRUNCATED' });
  });

  it("compiles the README's library example and every documented option with tsc --strict, and runs them", () => {
    writeFileSync(join(project, 'readme.mts'), readmeLibraryExample());
    writeFileSync(join(project, 'options.mts'), OPTIONS_TS);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noUncheckedIndexedAccess: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext',
        types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], skipLibCheck: true, outDir: 'out',
      },
      files: ['readme.mts', 'options.mts'],
    }));
    try {
      run('node', [TSC, '-p', '.']);
    } catch (e) {
      throw new Error(`tsc --strict failed:\n${(e as { stdout?: string }).stdout ?? ''}`);
    }
    const readme = run('node', ['out/readme.mjs']);
    expect(readme).toMatch(/^wasm-(simd|scalar)\n/);
    expect(readme).toContain('triangles: 120');
    expect(JSON.parse(run('node', ['out/options.mjs']))).toEqual({
      anim: 'an10', iqmWeights: ['float', 'float', 'float', 'float', 'ubyte', 'float'], documentArrays: 6, rewritten: true, detected: 'iqm',
    });
  });

  it('runs the meshcodec bin', () => {
    const out = run(join(project, 'node_modules/.bin/meshcodec'), ['info', 'actor_00.mesh']);
    expect(out).toContain('actor_00.mesh');
    expect(out).toContain('unigine');
    expect(run(join(project, 'node_modules/.bin/meshcodec'), ['--help'])).toContain('Usage: meshcodec');
  });

  it('the bin validates glTF through the Khronos validator (gltf-validator, a dependency the library never imports)', () => {
    copyFileSync(join(ROOT, 'fixtures/tube.glb'), join(project, 'tube.glb'));
    const out = run(join(project, 'node_modules/.bin/meshcodec'), ['convert', 'tube.glb', '--to', 'iqm', '--validate', '--json']);
    expect(out).toContain('"ok":true');
    expect(run(join(project, 'node_modules/.bin/meshcodec'), ['validate', 'tube.glb'])).toContain('glb: valid');
    const library = ['dist/index.js', 'dist/library.js', 'dist/index.cjs'].map((p) => readFileSync(join(project, 'node_modules/meshcodec', p), 'utf8'));
    for (const text of library) expect(text).not.toContain('gltf-validator');
  });
});

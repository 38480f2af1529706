// The package as a user gets it: `npm pack`, then `npm install` of the tarball into a new project,
// used from ESM, from CommonJS, from strict TypeScript (the README's library example and every
// documented option, compiled with tsc --strict against the published .d.ts, then run), and
// through its `meshcodec` bin; and its types alone: every ```ts block of the README compiled in a
// project with only the tarball and TypeScript from the registry, --strict and no skipLibCheck,
// under moduleResolution bundler and node16. Needs dist/ (npm test builds it first); skips with a
// message otherwise.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installProject, offline, packPackage, PACKAGE_ROOT as ROOT, type PackedPackage } from './helpers/packed-package.js';
import { readmeTsBlocks } from './helpers/readme-ts-blocks.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';

const built = existsSync(join(ROOT, 'dist/index.js')) && existsSync(join(ROOT, 'dist/index.cjs'));
const SKIP = 'dist/ not built (npm run build)';
if (!built) console.warn(`[meshcodec tests] package test skipped: ${SKIP}`);

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string>; dependencies?: Record<string, string> };

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
  let packed: PackedPackage;

  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(() => {
    work = makeTempDir('package');
    project = join(work, 'consumer');
    // dist/ is fresh (npm test builds it); `prepack` builds it when a user packs a clean clone.
    packed = packPackage(work);
    installProject(project, [packed.tarball]);
    // A UNIGINE mesh under the name the README's example reads.
    copyFileSync(join(ROOT, 'fixtures/tube.mesh'), join(project, 'actor_00.mesh'));
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
    // The .d.ts files: none carries the WebAssembly; none imports a package a user does not install
    // (rollup/published-types.mjs leaves out the ones the types entries do not reach).
    const declarations = paths.filter((p) => p.endsWith('.d.ts'));
    expect(declarations).toEqual(expect.arrayContaining(['dist/types/index.d.ts', 'dist/types/workers/browser-pool.d.ts']));
    // Bare imports name only the package's own dependencies (installed with it): bullmq and ioredis,
    // by meshcodec/queue's declarations only; and `three`, the peer dependency of `meshcodec/three`, in that entry's only.
    const dependencies = Object.keys(pkg.dependencies ?? {});
    const peerOfThree = (p: string, specifier: string) => p.startsWith('dist/types/three/') && specifier === 'three';
    const bareImports = declarations.flatMap((p) => [...installed(p).matchAll(/^(?:import|export)\b[^;]*?from\s*'([^.'][^']*)'/gm)].filter((m) => !peerOfThree(p, m[1]!)).map((m) => `${p}: ${m[1]}`));
    expect(bareImports.filter((i) => !dependencies.includes(i.slice(i.indexOf(': ') + 2)))).toEqual([]);
    expect(bareImports.every((i) => i.startsWith('dist/types/queue/'))).toBe(true);
    expect(declarations.filter((p) => installed(p).includes('AGFzbQ'))).toEqual([]);
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

  it('meshcodec/queue loads bullmq and ioredis from the install, and its processor file is there; the library imports neither', () => {
    writeFileSync(join(project, 'queue.mjs'), "import * as q from 'meshcodec/queue'; import { existsSync } from 'node:fs'; console.log(JSON.stringify({ enqueue: typeof q.enqueueConversions, worker: typeof q.startConversionWorker, processor: existsSync(q.CONVERSION_PROCESSOR) }));");
    expect(JSON.parse(run('node', ['queue.mjs']))).toEqual({ enqueue: 'function', worker: 'function', processor: true });
    expect(run(join(project, 'node_modules/.bin/meshcodec'), ['queue', '--help'])).toContain('meshcodec queue work');
    const library = ['dist/index.js', 'dist/library.js', 'dist/index.cjs', 'dist/cli.js'].map((p) => readFileSync(join(project, 'node_modules/meshcodec', p), 'utf8'));
    for (const text of library) expect(text).not.toMatch(/from 'bullmq'|from 'ioredis'|require\('(bullmq|ioredis)'\)/);
  });
});

/** The Node built-ins the README's examples use, declared for a project that has no @types/node. */
const NODE_STUBS = `declare module 'node:fs' {
  export function readFileSync(path: string): Uint8Array;
  export function writeFileSync(path: string, data: Uint8Array): void;
}
`;

/** The worker pool's options as a bundled application passes them (README § Worker pool, Bundlers). */
const WORKER_OPTIONS_TS = `import { createDecodePool, type BrowserDecodePoolOptions, type ModuleWorker } from 'meshcodec/worker';
createDecodePool({ workerUrl: 'workers/decode.js' });
createDecodePool({ workerUrl: new URL('./workers/decode.js', import.meta.url), size: 2, backend: 'js' });
const createWorker = (): ModuleWorker => new Worker(new URL('./workers/decode.js', import.meta.url), { type: 'module' });
const options: BrowserDecodePoolOptions = { createWorker };
createDecodePool(options).destroy();
// @ts-expect-error a worker URL is a string or a URL
createDecodePool({ workerUrl: 3 });
// @ts-expect-error createWorker returns a worker, not a promise of one
createDecodePool({ createWorker: async () => new Worker('x') });
`;

/** What a user's tsconfig may say: strict, no skipLibCheck, no @types, for each module resolution. */
const RESOLUTIONS = {
  bundler: { module: 'ESNext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
} as const;

describe.skipIf(!built)(`the published types in a project with only TypeScript (${built ? `npm pack + npm install typescript@~5.9${offline ? ', offline' : ''}` : SKIP})`, () => {
  let work = '';
  let project = '';
  const blocks = readmeTsBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  beforeAll(() => {
    work = makeTempDir('types');
    project = join(work, 'consumer');
    installProject(project, [packPackage(work).tarball, 'typescript@~5.9']);
    mkdirSync(join(project, 'readme'));
    for (const block of blocks) writeFileSync(join(project, 'readme', `${block.name}.ts`), block.source);
    writeFileSync(join(project, 'node-stubs.d.ts'), NODE_STUBS);
    writeFileSync(join(project, 'worker-options.ts'), WORKER_OPTIONS_TS);
  }, 120_000);

  afterAll(() => {
    if (work) removeTempDir(work);
  });

  it('finds the README\'s ts blocks: the library examples and the worker pool', () => {
    expect(blocks.map((b) => b.name)).toEqual(expect.arrayContaining(['library-1', 'library-2', 'worker-pool-and-demo-page-1']));
  });

  it('installed nothing but meshcodec, its dependencies and TypeScript: no @types, no @gltf-transform', () => {
    const installed = readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toContain('typescript');
    expect(installed).not.toContain('@types');
    expect(installed).not.toContain('@gltf-transform');
  });

  it.each(Object.entries(RESOLUTIONS))('compiles every README ts block and the worker pool options with --strict, no skipLibCheck, moduleResolution %s', (name, resolution) => {
    writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({
      compilerOptions: {
        ...resolution, strict: true, noUncheckedIndexedAccess: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2022', 'DOM'], types: [], noEmit: true,
      },
      files: ['node-stubs.d.ts', 'worker-options.ts', ...blocks.map((b) => `readme/${b.name}.ts`)],
    }));
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    expect(JSON.parse(readFileSync(join(project, 'node_modules/typescript/package.json'), 'utf8')).version).toMatch(/^5\.9\./);
    try {
      execFileSync('node', [tsc, '-p', `tsconfig.${name}.json`, '--pretty', 'false'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      // readme/<block>.ts(n,c) is README.md line block.line + n - 1.
      const output = ((e as { stdout?: string }).stdout ?? String(e)).replace(/readme\/([\w-]+)\.ts\((\d+),(\d+)\)/g, (whole, block: string, line: string, column: string) => {
        const at = blocks.find((b) => b.name === block);
        return at ? `${whole} [README.md:${at.line + Number(line) - 1}:${column}]` : whole;
      });
      throw new Error(`tsc (${name}) failed:\n${output}`);
    }
  });
});

// Builds dist/: the library as ESM (dist/index.js) and CommonJS (dist/index.cjs), the CLI
// (dist/cli.js), and .d.ts files (dist/types). The WebAssembly binaries are already inlined as
// base64 (bindings/kernels/wasm-binaries.generated.ts, made by `npm run build:wasm`), so the
// bundle loads them with no file paths in Node, bundlers, browsers and workers.
//
// The ESM library and the CLI are one build with two entries: the CLI shares the library's code
// (a chunk both import) instead of carrying a copy of it. CommonJS needs its own copy. No source
// maps: the published files are plain, commented TypeScript output. The .d.ts files are the ones
// the package's types entries reach, self-contained (rollup/published-types.mjs).
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import { readFileSync } from 'node:fs';
import { publishedTypes } from './rollup/published-types.mjs';

// @assemblyscript/loader, luaparse (Transport Fever's Lua descriptors; CommonJS, converted by
// the commonjs plugin) are devDependencies bundled in, so that the ESM
// files load in a browser or a worker as they are, with no import map; only Node built-ins and
// the CLI's runtime dependencies stay external (piscina; gltf-validator, which the CLI imports by
// a name held in a variable on first use, so that no bundle, the library's least of all, loads it).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// A dependency or peer dependency and its subpaths (`meshoptimizer/decoder`, `three/…`) stay
// external: a plain name would match only the bare specifier, and rollup would bundle the subpath
// as a chunk of its own; three, the peer dependency of `meshcodec/three` only, is the application's own copy.
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  .map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/|$)`))
  .concat(/^node:/);

const ts = (declarations) =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['bindings/**/*.ts'],
    filterRoot: process.cwd(),
    declaration: declarations,
    declarationDir: declarations ? 'dist/types' : undefined,
    outDir: 'dist',
    rootDir: 'bindings',
    sourceMap: false,
    noEmitOnError: true,
  });

// The library's chunks. `library`: the code every entry imports (kernels, Asset model, errors, each
// format's signature: format-index.ts); the CLI, the worker pools, the three.js loader and the
// queue (Node built-ins, three, bullmq) stay out of it. `format-NAME`: one format's handler and
// what only it uses (luaparse with tf), which the format index imports on first need, so that the
// CLI converting one file loads two formats, not seven. `formats`: the synchronous registry (every
// handler), which dist/index.js and the worker pools import. Alternatives: one library chunk (the
// round-six build: a one-file convert parsed all seven formats, 1.36 MB); rollup's own chunking of
// the dynamic imports (one chunk per set of importers: small shared chunks that move as the
// importers change).
const FORMAT_FOLDER = /\/bindings\/formats\/(apg|gltf|iqm|ms2|tf|unigine)\//;
// Modules in a format's folder that the format index or the CLI read without the handler: the
// signatures and the constants they test with, the GLB magic, and meshoptimizer's loader.
const BEFORE_HANDLER = /\/bindings\/formats\/(\w+\/\w+-signature|apg\/apg-document|iqm\/iqm-document|ms2\/ms2-document|gltf\/glb-container|gltf\/meshopt-module)\.ts$/;
// The CLI's own modules that a conversion of one file runs, in one chunk (each module Node's ESM
// loader resolves, reads, decodes and compiles on its own costs ~0.4 ms); what only other runs
// need (the batch, the worker pool, info, validate, the queue) is imported where used.
const CLI_RUN = /\/bindings\/(cli\/(?!bin|version|early-pool\.|queue-command|info|validate|details|convert-batch|batch-affinity|partial-registry|check-outputs|khronos-validator)[\w-]+|node\/[\w-]+|workers\/convert-job|queue\/worker-defaults)\.ts$/;
function libraryChunk(id) {
  if (CLI_RUN.test(id)) return 'cli-run';
  if (id.endsWith('/bindings/index.ts') || /\/bindings\/(cli|workers|node|three|queue)\//.test(id) || /\/node_modules\/three\//.test(id)) return undefined;
  if (/\/bindings\/formats\/(registry|loaders|warm-up)\.ts$/.test(id)) return 'formats';
  const format = FORMAT_FOLDER.exec(id);
  if (format && !BEFORE_HANDLER.test(id)) return `format-${format[1]}`;
  if (/\/node_modules\/luaparse\//.test(id)) return 'format-tf';
  // TGA → PNG (fast-png, with fflate's tables built when it loads) serves the glTF writer and
  // meshcodec/three only: with them, so that a conversion without glTF neither compiles nor runs it.
  if (/\/bindings\/textures\/(tga-to-png|decode-tga)\.ts$/.test(id) || /\/node_modules\/(fast-png|fflate|iobuffer)\//.test(id)) return 'format-gltf';
  return 'library';
}

export default [
  {
    // worker.js / worker-node.js are `meshcodec/worker`; the two *-worker.js scripts are what they
    // start, found beside them through import.meta.url. One shared library chunk also makes the
    // worker pool's MeshFormatError the class dist/index.js exports.
    input: {
      index: 'bindings/index.ts',
      cli: 'bindings/cli/bin.ts',
      worker: 'bindings/workers/browser-pool.ts',
      'worker-node': 'bindings/workers/node-pool.ts',
      'browser-pool-worker': 'bindings/workers/browser-pool-worker.ts',
      'node-pool-worker': 'bindings/workers/node-pool-worker.ts',
      'convert-worker': 'bindings/workers/convert-worker.ts',
      // `meshcodec/three`: the only module that imports three.
      three: 'bindings/three/index.ts',
      // meshcodec/queue and the sandboxed processor it names (BullMQ loads it by path).
      queue: 'bindings/queue/index.ts',
      'queue-processor': 'bindings/queue/processor.ts',
    },
    external,
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      manualChunks: libraryChunk,
      chunkFileNames: '[name].js',
      banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    },
    // publishedTypes: only the declarations the package's types entries reach, none importing a
    // package a user does not install (see rollup/published-types.mjs).
    plugins: [nodeResolve(), commonjs(), ts(true), publishedTypes({ pkg })],
  },
  {
    input: 'bindings/index.ts',
    external,
    // One file: the format index's dynamic imports of handlers are inlined (the registry has them all anyway).
    output: { file: 'dist/index.cjs', format: 'cjs', exports: 'named', inlineDynamicImports: true },
    plugins: [nodeResolve(), commonjs(), ts(false)],
  },
];

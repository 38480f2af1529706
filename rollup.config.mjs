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
      // The library code every entry imports; the CLI, the worker pools, the three.js loader and the queue (Node built-ins, three, bullmq) stay out of it.
      manualChunks: (id) => (id.endsWith('/bindings/index.ts') || /\/bindings\/(cli|workers|node|three|queue)\//.test(id) || /\/node_modules\/three\//.test(id) ? undefined : 'library'),
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
    output: { file: 'dist/index.cjs', format: 'cjs', exports: 'named' },
    plugins: [nodeResolve(), commonjs(), ts(false)],
  },
];

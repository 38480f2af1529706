// Builds dist/: ESM + CommonJS library, the CLI, and .d.ts files. The WebAssembly binaries are
// already inlined as base64 (bindings/kernels/wasm-binaries.generated.ts, made by
// `npm run build:wasm`), so the bundle loads them with no file paths in Node, bundlers,
// browsers and workers.
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { readFileSync } from 'node:fs';

// @assemblyscript/loader is bundled in (a few kB), so that the ESM file loads in a browser or a
// worker as it is, with no import map; only Node built-ins stay external (the CLI's).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), /^node:/];

const ts = (declarations) =>
  typescript({
    tsconfig: './tsconfig.json',
    include: ['bindings/**/*.ts'],
    filterRoot: process.cwd(),
    declaration: declarations,
    declarationDir: declarations ? 'dist/types' : undefined,
    outDir: 'dist',
    rootDir: 'bindings',
    noEmitOnError: true,
  });

export default [
  // The ESM entries share chunks, so that the worker pool's MeshFormatError is the one
  // dist/index.js exports. worker.js / worker-node.js are `meshcodec/worker`; the two *-worker.js
  // scripts are what they start, found beside them through import.meta.url.
  {
    input: {
      index: 'bindings/index.ts',
      worker: 'bindings/workers/browser-pool.ts',
      'worker-node': 'bindings/workers/node-pool.ts',
      'browser-pool-worker': 'bindings/workers/browser-pool-worker.ts',
      'node-pool-worker': 'bindings/workers/node-pool-worker.ts',
    },
    external,
    output: { dir: 'dist', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    plugins: [nodeResolve(), ts(true)],
  },
  {
    input: 'bindings/index.ts',
    external,
    output: { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    plugins: [nodeResolve(), ts(false)],
  },
  {
    input: 'bindings/cli/bin.ts',
    external,
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', sourcemap: false },
    plugins: [nodeResolve(), ts(false)],
  },
];

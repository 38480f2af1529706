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
  {
    input: 'bindings/index.ts',
    external,
    output: { file: 'dist/index.js', format: 'es', sourcemap: true },
    plugins: [nodeResolve(), ts(true)],
  },
  {
    input: 'bindings/index.ts',
    external,
    output: { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    plugins: [nodeResolve(), ts(false)],
  },
  // The CLI and its worker-pool script (found beside dist/cli.js) share one chunk of library code.
  {
    input: { cli: 'bindings/cli/bin.ts', 'convert-worker': 'bindings/workers/convert-worker.ts' },
    external,
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
      sourcemap: false,
    },
    plugins: [nodeResolve(), ts(false)],
  },
];

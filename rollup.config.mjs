// Builds dist/: ESM + CommonJS library, the CLI, and .d.ts files. The WebAssembly binaries are
// already inlined as base64 (bindings/kernels/wasm-binaries.generated.ts, made by
// `npm run build:wasm`), so the bundle loads them with no file paths in Node, bundlers,
// browsers and workers.
import typescript from '@rollup/plugin-typescript';
import { readFileSync } from 'node:fs';

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
    plugins: [ts(true)],
  },
  {
    input: 'bindings/index.ts',
    external,
    output: { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    plugins: [ts(false)],
  },
  {
    input: 'bindings/cli/bin.ts',
    external,
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', sourcemap: false },
    plugins: [ts(false)],
  },
];

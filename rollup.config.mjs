// Builds dist/: ESM + CommonJS library, the CLI, and .d.ts files. The WebAssembly binaries are
// already inlined as base64 (bindings/kernels/wasm-binaries.generated.ts, made by
// `npm run build:wasm`), so the bundle loads them with no file paths in Node, bundlers,
// browsers and workers.
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import { readFileSync } from 'node:fs';

// @assemblyscript/loader and luaparse (Transport Fever's Lua descriptors; CommonJS, converted by
// the commonjs plugin) are bundled in, so that the ESM file loads in a browser or a worker as it
// is, with no import map; only Node built-ins stay external (the CLI's).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED = ['luaparse'];
const external = [...Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.includes(name)), /^node:/];

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
    plugins: [nodeResolve(), commonjs(), ts(true)],
  },
  {
    input: 'bindings/index.ts',
    external,
    output: { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    plugins: [nodeResolve(), commonjs(), ts(false)],
  },
  {
    input: 'bindings/cli/bin.ts',
    external,
    output: { file: 'dist/cli.js', format: 'es', banner: '#!/usr/bin/env node', sourcemap: false },
    plugins: [nodeResolve(), commonjs(), ts(false)],
  },
];

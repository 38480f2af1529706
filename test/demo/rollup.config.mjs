// Bundles the demo page (test/demo/main.ts + three.js) into build/demo/. meshcodec itself stays
// out of the bundle: the page loads the library's own dist/index.js and dist/worker.js, as a user
// would, so the worker script is found beside dist/worker.js with no configuration.
import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Library modules the demo imports, and the built files the page loads in their place. */
const LIBRARY = { 'bindings/index.js': '/dist/index.js', 'bindings/workers/browser-pool.js': '/dist/worker.js', 'bindings/three/index.js': '/dist/three.js' };

/** Resolves the demo's imports of library modules to the page's absolute URLs of the built files. */
const libraryFromDist = {
  name: 'library-from-dist',
  resolveId(source) {
    const url = Object.entries(LIBRARY).find(([module]) => source.endsWith(module))?.[1];
    if (source === 'three') return { id: 'three', external: true };
    return url ? { id: url, external: 'absolute' } : null;
  },
};

export default {
  input: 'test/demo/main.ts',
  output: { dir: 'build/demo', format: 'es' },
  plugins: [
    libraryFromDist,
    nodeResolve(),
    typescript({
      tsconfig: `${root}tsconfig.json`,
      include: ['test/demo/**/*.ts'],
      filterRoot: root,
      declaration: false,
      outDir: 'build/demo',
      rootDir: root,
      noEmitOnError: true,
    }),
  ],
};

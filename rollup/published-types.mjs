// A rollup plugin that makes the published .d.ts self-contained. TypeScript emits a declaration
// for every module of the build, internal ones too; some of those import packages that are
// bundled into dist/ rather than installed (@gltf-transform/core), and a user compiling without
// skipLibCheck gets TS2307 for each one the package's types reach. So, after the TypeScript
// plugin has emitted them:
//   - the declarations reachable from the package's `types` entries (package.json `types` and
//     every `types` condition of `exports`) are followed through their imports and references;
//   - any of those that imports a package which is neither a dependency nor a peerDependency
//     (Node built-ins included: @types/node is not a dependency either) fails the build, naming
//     the file, the import and the entry that reaches it;
//   - the declarations no entry reaches are not written (nothing can import them: `exports` has
//     no deep paths).
// Alternatives: bundling the declarations into one file per entry (rollup-plugin-dts, API
// Extractor) would inline gltf-transform's types into meshcodec's API, a second copy of a
// foreign API to keep; stripping @internal members with `stripInternal` keeps the imports of
// stripped members in some cases and is checked by nothing. Imports are read with TypeScript's
// own preProcessFile, so import-like text in doc comments is not mistaken for one.
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';

/** Every `types` path of package.json's `types` and `exports` (any depth of conditions). */
export function typesEntries(pkg) {
  const found = new Set(pkg.types ? [pkg.types] : []);
  const walk = (value, key) => {
    if (typeof value === 'string') {
      if (key === 'types') found.add(value);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(pkg.exports, '');
  return [...found];
}

/** The package a bare specifier names: `@scope/name` or `name` (`node:fs` stays `node:fs`). */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The specifiers a declaration file depends on: imports, exports, import() types, references. */
export function declarationImports(source) {
  const info = ts.preProcessFile(source, true, true);
  return [
    ...info.importedFiles.map((f) => ({ specifier: f.fileName, kind: 'import' })),
    ...info.typeReferenceDirectives.map((f) => ({ specifier: f.fileName, kind: 'reference types' })),
    ...info.referencedFiles.map((f) => ({ specifier: f.fileName.startsWith('.') ? f.fileName : `./${f.fileName}`, kind: 'reference path' })),
  ];
}

/** `./x.js`, `./x` or `./x/index.js` from `from` to the emitted declaration's file name, if any. */
function resolveRelative(declarations, from, specifier) {
  const base = posix.join(posix.dirname(from), specifier);
  const stem = base.replace(/\.(d\.ts|ts|js|mjs|cjs)$/, '');
  return [`${stem}.d.ts`, `${stem}/index.d.ts`].find((candidate) => declarations.has(candidate));
}

export function publishedTypes({ pkg }) {
  const allowed = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
  return {
    name: 'meshcodec-published-types',
    generateBundle: {
      order: 'post',
      handler(outputOptions, bundle) {
        const outDir = outputOptions.dir ?? dirname(outputOptions.file);
        const declarations = new Map(Object.entries(bundle).filter(([fileName, item]) => item.type === 'asset' && fileName.endsWith('.d.ts')));
        if (declarations.size === 0) return;
        const problems = [];
        const reachedFrom = new Map();
        const queue = [];
        for (const entry of typesEntries(pkg)) {
          const fileName = relative(outDir, join(entry)).split('\\').join('/');
          if (!declarations.has(fileName)) problems.push(`package.json names ${entry}, which the build did not emit`);
          else if (!reachedFrom.has(fileName)) {
            reachedFrom.set(fileName, entry);
            queue.push(fileName);
          }
        }
        while (queue.length > 0) {
          const fileName = queue.shift();
          const source = String(declarations.get(fileName).source);
          for (const { specifier, kind } of declarationImports(source)) {
            const where = `${join(outDir, fileName)} (reached from ${reachedFrom.get(fileName)})`;
            if (specifier.startsWith('.')) {
              const target = resolveRelative(declarations, fileName, specifier);
              if (!target) problems.push(`${where}: ${kind} '${specifier}' names no emitted declaration`);
              else if (!reachedFrom.has(target)) {
                reachedFrom.set(target, reachedFrom.get(fileName));
                queue.push(target);
              }
            } else if (!allowed.has(packageOf(specifier))) {
              problems.push(`${where}: ${kind} '${specifier}', but ${packageOf(specifier)} is neither a dependency nor a peerDependency: a user's tsc without skipLibCheck fails (TS2307); keep its types out of exported signatures`);
            }
          }
        }
        if (problems.length > 0) this.error(`the published types are not self-contained:\n  ${problems.join('\n  ')}`);
        for (const fileName of declarations.keys()) if (!reachedFrom.has(fileName)) delete bundle[fileName];
      },
    },
  };
}

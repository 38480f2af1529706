// luaparse is set up on the first descriptor the plain scan leaves to it (luaparse-on-demand.cjs),
// not when the library loads: a fresh Node process imports the library, reads plain
// descriptors (a .msh of the corpus's shape, an .ani), and luaparse is still not loaded; the
// first text with a comment loads it, and reads as before.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const SCRIPT = `
import { createRequire } from 'node:module';
import { tfFormat } from './bindings/index.ts';
const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((k) => /[\\\\/]luaparse[\\\\/]luaparse\\.js$/.test(k));
const bytes = (s) => new TextEncoder().encode(s);
const ani = 'function data() return { times = { 0, 40 }, transfs = { { 1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1 }, { 1,0,0,0, 0,1,0,0, 0,0,1,0, 2,0,0,1 } }, } end';
const empty = 'function data()\\nreturn {\\n\\tsubMeshes = { },\\n\\tvertexAttr = { },\\n}\\nend\\n';
const out = { atLoad: loaded() };
const plain = tfFormat.parseSync(bytes(ani), { fileName: 'walk.ani' });
tfFormat.parseSync(bytes(empty), { fileName: 'none.msh' });
out.afterPlain = loaded();
const full = tfFormat.parseSync(bytes('-- a comment: left to luaparse\\n' + ani), { fileName: 'walk.ani' });
out.afterFallback = loaded();
out.same = JSON.stringify([...plain.animations[0].tracks[0].translation]) === JSON.stringify([...full.animations[0].tracks[0].translation]);
console.log(JSON.stringify(out));
`;

describe('luaparse on demand', () => {
  it('is not loaded by importing the library or by plain descriptors, and is by the first other text', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: root, encoding: 'utf8' });
    const result = JSON.parse(output.trim().split('\n').pop()!);
    expect(result).toEqual({ atLoad: false, afterPlain: false, afterFallback: true, same: true });
  });
});

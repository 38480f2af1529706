// Before/after of this branch's parse and encode work, interleaved in one process: the tree to
// compare with is extracted beside this one (git archive <commit> | tar -x -C DIR, with this
// tree's wasm-binaries.generated.ts and node_modules). Run: tsx bench/before-after.bench.mts DIR
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const roots = { before: process.argv[2] ?? '../before', after: here };
const mods: Record<string, any> = {};
for (const [k, r] of Object.entries(roots)) {
  mods[k] = {
    index: await import(`${r}/bindings/index.ts`),
    registry: await import(`${r}/bindings/formats/registry.ts`),
  };
}
const { tubeAsset } = await import(`${here}/fixtures/tube-asset.ts`);
const { tileAsset } = await import(`${here}/bench/tile-asset.ts`);
const fmt = (side: string, name: string) => mods[side].registry.FORMATS.find((f: any) => f.name === name);
const kern = Object.fromEntries(Object.keys(roots).map((s) => [s, mods[s].index.createKernelsSync('wasm-simd', 1 << 30)]));
const jsK = mods.after.index.createKernelsSync('js');
const sized = (name: string, mb: number) => {
  const f = fmt('after', name);
  const probe = f.encodeSync(tubeAsset({ rings: 64, segments: 64, frames: 4 }), { kernels: jsK }).length;
  return f.encodeSync(tubeAsset({ rings: Math.max(2, Math.round((64 * mb * 1e6) / probe)), segments: 64, frames: 4 }), { kernels: jsK });
};
const mrfixit = fmt('after', 'iqm').parseSync(readFileSync('/usr/share/assimp/models/IQM/mrfixit.iqm'), { kernels: jsK });
function timeBoth(label: string, bytesMB: number, run: (side: string) => unknown, rounds: number) {
  const s: Record<string, number[]> = { before: [], after: [] };
  run('before'); run('after');
  for (let i = 0; i < rounds; i++) for (const side of ['before', 'after']) { const t = performance.now(); run(side); s[side]!.push(performance.now() - t); }
  const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  const mb = Math.min(...s.before!), ma = Math.min(...s.after!);
  const b = med(s.before!), a = med(s.after!);
  console.log(`| ${label} | ${bytesMB.toFixed(3)} | ${b.toFixed(2)} / ${mb.toFixed(2)} | ${a.toFixed(2)} / ${ma.toFixed(2)} | ${(b / a).toFixed(2)} / ${(mb / ma).toFixed(2)} |`);
}
console.log('| work (wasm-simd) | file MB | before ms (median / min) | after ms (median / min) | speed-up (median / min) |\n|---|---|---|---|---|');
for (const mb of [1, 10]) {
  const apg = sized('apg', mb);
  const asset = fmt('after', 'apg').parseSync(apg, { kernels: jsK });
  timeBoth(`apg encode, generated ${mb} MB`, apg.length / 1e6, (side) => fmt(side, 'apg').encodeSync(asset, { kernels: kern[side] }), mb > 5 ? 7 : 25);
}
const apgFix = fmt('after', 'apg').encodeSync(mrfixit, { kernels: jsK });
timeBoth('apg parse, mrfixit.iqm as apg', apgFix.length / 1e6, (side) => fmt(side, 'apg').parseSync(apgFix, { kernels: kern[side] }), 15);
timeBoth('apg encode, mrfixit.iqm as apg', apgFix.length / 1e6, (side) => fmt(side, 'apg').encodeSync(mrfixit, { kernels: kern[side] }), 15);
for (const mb of [1, 10]) {
  const u = sized('unigine', mb);
  timeBoth(`unigine parse, generated ${mb} MB`, u.length / 1e6, (side) => fmt(side, 'unigine').parseSync(u, { kernels: kern[side] }), mb > 5 ? 15 : 31);
}
const tfFiles = fmt('after', 'tf').encodeFiles(tileAsset(mrfixit, 8), 'bar.msh', { kernels: jsK });
const resolve = (n: string) => tfFiles.find((x: any) => x.name === n)?.bytes;
timeBoth('tf parse, mrfixit.iqm ×8 as .msh + blob', tfFiles.reduce((n: number, f: any) => n + f.bytes.length, 0) / 1e6, (side) => fmt(side, 'tf').parseSync(tfFiles[0].bytes, { fileName: 'bar.msh', resolve, kernels: kern[side] }), 25);

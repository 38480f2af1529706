// Before/after of this branch's parse and encode work, interleaved in one process: the tree to
// compare with is extracted beside this one (git archive <commit> | tar -x -C DIR, with this
// tree's wasm-binaries.generated.ts and node_modules). Run: tsx bench/before-after.bench.mts DIR
// [--unigine-bar: only the speed bar's UNIGINE parses, default backend, with the copy]
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
if (process.argv.includes('--unigine-bar')) {
  // The speed bar's UNIGINE files (bench/speed-bar.bench.ts: tiled mrfixit at ~1 MB, tiled TF door
  // at ~30 KB), default backend, before / after / a copy of input + Asset bytes, interleaved.
  const { assetBytes } = await import(`${here}/test/helpers/fuzz.ts`);
  const { corpusAvailable, readCorpus } = await import(`${here}/test/helpers/corpus.ts`);
  const door = 'car_r2_aquitaine_porte_a_lod0.msh';
  const bars: [string, any, number][] = [['mrfixit.iqm ×9', mrfixit, 9]];
  if (corpusAvailable) bars.push([`${door} ×22`, fmt('after', 'tf').parseSync(readCorpus('tf', door), { fileName: door, resolve: (n: string) => readCorpus('tf', n), kernels: jsK }), 22]);
  console.log('| UNIGINE speed bar | file MB | before ms (median) | after ms (median) | before ÷ copy | after ÷ copy | speed-up |\n|---|---|---|---|---|---|---|');
  for (const [label, source, copies] of bars) {
    const bytes = fmt('after', 'unigine').encodeSync(tileAsset(source, copies), { kernels: jsK });
    const n = bytes.length + assetBytes(fmt('after', 'unigine').parseSync(bytes));
    const from = new Uint8Array(n).fill(7);
    const to = new Uint8Array(n);
    const runs: Record<string, () => unknown> = { copy: () => to.set(from), before: () => fmt('before', 'unigine').parseSync(bytes), after: () => fmt('after', 'unigine').parseSync(bytes) };
    const t: Record<string, number[]> = { copy: [], before: [], after: [] };
    const inner = bytes.length < 1e5 ? 20 : 3;
    for (let r = 0; r < 30; r++) for (const k in runs) runs[k]!();
    for (let r = 0; r < 150; r++) for (const k in runs) { const s0 = performance.now(); for (let i = 0; i < inner; i++) runs[k]!(); t[k]!.push((performance.now() - s0) / inner); }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
    const [c, b, a] = [med(t.copy!), med(t.before!), med(t.after!)];
    console.log(`| ${label} | ${(bytes.length / 1e6).toFixed(3)} | ${b.toFixed(3)} | ${a.toFixed(3)} | ${(b / c).toFixed(1)} | ${(a / c).toFixed(1)} | ${(b / a).toFixed(2)} |`);
  }
  process.exit(0);
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

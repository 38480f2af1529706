// UNIGINE parse of large files before and after a change, interleaved in one process: the
// generated tube (one surface) at about 10 and 100 MB, ms per MB of the file (median and minimum
// of the rounds). `--backend wasm-simd` (default) runs both trees on wasm-simd kernels with a
// 1 GiB memoryCap (the memory is kept between calls, as in bench/per-byte.bench.ts); `--backend
// default` runs the calls given no kernels (64 MiB cap: a call on a larger file grows a fresh
// instance). DIR is the tree before (git worktree add DIR <commit>, with this tree's
// wasm-binaries.generated.ts and node_modules).
// Run: tsx bench/unigine-large.bench.mts DIR [--backend wasm-simd|default] [--rounds 7]
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { backend: { type: 'string', default: 'wasm-simd' }, rounds: { type: 'string', default: '7' } } });
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const roots: Record<string, string> = { before: positionals[0] ?? '../before', after: here };
const mods: Record<string, { registry: any; index: any }> = {};
for (const [side, root] of Object.entries(roots)) mods[side] = { registry: await import(`${root}/bindings/formats/registry.ts`), index: await import(`${root}/bindings/index.ts`) };
const { tubeAsset } = await import(`${here}/fixtures/tube-asset.ts`);
const unigine = (side: string) => mods[side]!.registry.FORMATS.find((f: { name: string }) => f.name === 'unigine');
const js = mods.after!.index.createKernelsSync('js');
const encode = (megabytes: number): Uint8Array => {
  const probe = unigine('after').encodeSync(tubeAsset({ rings: 64, segments: 64, frames: 4 }), { kernels: js }).length;
  return unigine('after').encodeSync(tubeAsset({ rings: Math.max(2, Math.round((64 * megabytes * 1e6) / probe)), segments: 64, frames: 4 }), { kernels: js });
};
const kernels: Record<string, unknown> = values.backend === 'default'
  ? { before: undefined, after: undefined }
  : Object.fromEntries(Object.keys(roots).map((side) => [side, mods[side]!.index.createKernelsSync(values.backend, 1 << 30)]));
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
console.log(`| file MB | backend | before ms/MB (median / min) | after ms/MB (median / min) | speed-up (median / min) |\n|---|---|---|---|---|`);
for (const megabytes of [10, 100]) {
  const bytes = encode(megabytes);
  const mb = bytes.length / 1e6;
  const inner = megabytes < 50 ? 5 : 1;
  const times: Record<string, number[]> = { before: [], after: [] };
  for (const side of ['before', 'after']) unigine(side).parseSync(bytes, { kernels: kernels[side] });
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const side of ['before', 'after']) {
      const start = performance.now();
      for (let i = 0; i < inner; i++) unigine(side).parseSync(bytes, { kernels: kernels[side] });
      times[side]!.push((performance.now() - start) / inner / mb);
    }
  }
  const [b, a] = [times.before!, times.after!];
  console.log(`| ${mb.toFixed(1)} | ${values.backend} | ${median(b).toFixed(2)} / ${Math.min(...b).toFixed(2)} | ${median(a).toFixed(2)} / ${Math.min(...a).toFixed(2)} | ${(median(b) / median(a)).toFixed(2)} / ${(Math.min(...b) / Math.min(...a)).toFixed(2)} |`);
}

// GLB and glTF encode of the speed-bar Assets, this tree against another (as
// bench/encode-before-after.bench.mts: `git archive <commit> | tar -x -C DIR`, node_modules linked,
// `npm run build:wasm` run there), one call per sample, interleaved with a copy of Asset + output
// bytes and with a fresh output-sized array written once (what allocating the output costs);
// median / minimum of the rounds, for a loaded machine where medians move with the load. The
// outputs may differ in bytes (a layout change): both must read back, with this tree's reader, to
// the same Asset.
// Run: tsx bench/glb-encode-before-after.mts DIR [mrfixit|door] [glb,gltf] [SECONDS]
import { fileURLToPath } from 'node:url';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const [dir = '/tmp/w22-before', bar = 'mrfixit', list = 'glb,gltf', seconds = '8'] = process.argv.slice(2);
const registry = { before: await import(`${dir}/bindings/formats/registry.ts`), after: await import(`${here}/bindings/formats/registry.ts`) };
const { speedBarInput, speedBarSource } = await import(`${here}/bench/speed-bar-input.ts`);
const { assetBytes, assetDigest } = await import(`${here}/test/helpers/fuzz.ts`);

type File = { name: string; bytes: Uint8Array };
const source = speedBarSource(bar);
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const min = (a: number[]) => Math.min(...a);
const pair = (a: number[], f = (x: number) => x, digits = 0) => `${f(med(a)).toFixed(digits)} / ${f(min(a)).toFixed(digits)}`;
console.log('| format | input | output MB | before µs | after µs | copy µs | fresh output ÷ copy | before ÷ copy | after ÷ copy | speed-up | rounds |\n|---|---|---|---|---|---|---|---|---|---|---|');
for (const name of list.split(',')) {
  const fmt = (side: 'before' | 'after') => registry[side].FORMATS.find((f: { name: string }) => f.name === name);
  const input = speedBarInput(fmt('after'), bar, source);
  const asset = { before: fmt('before').parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve }), after: fmt('after').parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve }) };
  const encode = (side: 'before' | 'after') => (): File[] => {
    const f = fmt(side);
    return f.encodeFiles ? f.encodeFiles(asset[side], input.name) : [{ name: input.name, bytes: f.encodeSync(asset[side]) }];
  };
  const back = (files: File[]) => assetDigest(fmt('after').parseSync(files[0]!.bytes, { fileName: files[0]!.name, resolve: (n: string) => files.find((f) => f.name === n)?.bytes }));
  const after = encode('after')();
  if (back(after) !== back(encode('before')())) throw new Error(`${name} ${bar}: the two trees' outputs read back to different Assets`);
  const outBytes = after.reduce((n, f) => n + f.bytes.length, 0);
  const n = assetBytes(asset.after) + outBytes;
  const from = new Uint8Array(n).fill(7);
  const to = new Uint8Array(n);
  const written = new Uint8Array(outBytes).fill(3);
  const runs: Record<string, () => unknown> = { copy: () => to.set(from), fresh: () => new Uint8Array(outBytes).set(written), before: encode('before'), after: encode('after') };
  const t: Record<string, number[]> = { copy: [], fresh: [], before: [], after: [] };
  for (const end = performance.now() + 1500; performance.now() < end; ) for (const k in runs) runs[k]!();
  for (const end = performance.now() + Number(seconds) * 1000; performance.now() < end; ) {
    for (const k in runs) {
      const start = performance.now();
      runs[k]!();
      t[k]!.push((performance.now() - start) * 1000);
    }
  }
  const ratio = (k: string) => `${(med(t[k]!) / med(t.copy!)).toFixed(1)} / ${(min(t[k]!) / min(t.copy!)).toFixed(1)}`;
  console.log(`| ${name} | ${bar} ×${input.copies} | ${(outBytes / 1e6).toFixed(3)} | ${pair(t.before!)} | ${pair(t.after!)} | ${pair(t.copy!, undefined, 1)} | ${ratio('fresh')} | ${ratio('before')} | ${ratio('after')} | ${(med(t.before!) / med(t.after!)).toFixed(2)} / ${(min(t.before!) / min(t.after!)).toFixed(2)} | ${t.copy!.length} |`);
}

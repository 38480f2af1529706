// Encode speed of the speed-bar Assets (bench/speed-bar-input.ts), this tree against another
// (`git archive <commit> | tar -x -C DIR`, node_modules linked and `npm run build:wasm` run there),
// default backend, interleaved in one process with a copy of Asset + output bytes; first checks
// that both trees write the same bytes (with --layout-changed: that both outputs read back, with
// this tree's reader, to the same Asset, for a change meant to alter the bytes but not the content).
// Run: tsx bench/encode-before-after.bench.mts DIR [--formats iqm,ms2] [--bars mrfixit,door] [--seconds 3] [--layout-changed]
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { formats: { type: 'string', default: 'ms2,iqm,tf,unigine,glb,gltf,apg' }, bars: { type: 'string', default: 'mrfixit' }, seconds: { type: 'string', default: '3' }, 'layout-changed': { type: 'boolean', default: false } } });
const before = positionals[0] ?? '/tmp/w22-before';
const registry = { before: await import(`${before}/bindings/formats/registry.ts`), after: await import(`${here}/bindings/formats/registry.ts`) };
const { speedBarInput, speedBarSource } = await import(`${here}/bench/speed-bar-input.ts`);
const { assetBytes, assetDigest } = await import(`${here}/test/helpers/fuzz.ts`);

type File = { name: string; bytes: Uint8Array };
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
const same = (a: File[], b: File[]) => a.length === b.length && a.every((f, i) => f.name === b[i]!.name && Buffer.compare(f.bytes, b[i]!.bytes) === 0);
console.log('| format | input | output MB | before µs | after µs | copy µs | before ÷ copy | after ÷ copy | speed-up |\n|---|---|---|---|---|---|---|---|---|');
for (const bar of values.bars!.split(',')) {
  const source = speedBarSource(bar);
  for (const name of values.formats!.split(',')) {
    const fmt = (side: 'before' | 'after') => registry[side].FORMATS.find((f: { name: string }) => f.name === name);
    const input = speedBarInput(fmt('after'), bar, source);
    // Each tree encodes an Asset its own reader made (the same Asset: the parse is not what changed here).
    const asset = { before: fmt('before').parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve }), after: fmt('after').parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve }) };
    const encode = (side: 'before' | 'after') => (): File[] => {
      const f = fmt(side);
      return f.encodeFiles ? f.encodeFiles(asset[side], input.name) : [{ name: input.name, bytes: f.encodeSync(asset[side]) }];
    };
    const [a, b] = [encode('after')(), encode('before')()];
    if (values['layout-changed']) {
      const back = (files: File[]) => assetDigest(fmt('after').parseSync(files[0]!.bytes, { fileName: files[0]!.name, resolve: (n: string) => files.find((f) => f.name === n)?.bytes }));
      if (back(a) !== back(b)) throw new Error(`${name} ${bar}: the two trees' outputs read back to different Assets`);
    } else if (!same(a, b)) throw new Error(`${name} ${bar}: the two trees write different bytes`);
    const n = assetBytes(asset.after) + a.reduce((s, f) => s + f.bytes.length, 0);
    const from = new Uint8Array(n).fill(7);
    const to = new Uint8Array(n);
    const runs: Record<string, () => unknown> = { copy: () => to.set(from), before: encode('before'), after: encode('after') };
    const inner = input.size < 1e5 ? 20 : 2;
    const t: Record<string, number[]> = { copy: [], before: [], after: [] };
    for (const end = performance.now() + 1000; performance.now() < end; ) for (const k in runs) runs[k]!();
    for (const end = performance.now() + Number(values.seconds) * 1000; performance.now() < end; ) {
      for (const k in runs) { const s0 = performance.now(); for (let i = 0; i < inner; i++) runs[k]!(); t[k]!.push((performance.now() - s0) / inner * 1000); }
    }
    const [c, x, y] = [med(t.copy!), med(t.before!), med(t.after!)];
    const mb = a.reduce((s, f) => s + f.bytes.length, 0) / 1e6;
    console.log(`| ${name} | ${bar} ×${input.copies} | ${mb.toFixed(3)} | ${x.toFixed(1)} | ${y.toFixed(1)} | ${c.toFixed(2)} | ${(x / c).toFixed(1)} | ${(y / c).toFixed(1)} | ${(x / y).toFixed(2)} |`);
  }
}

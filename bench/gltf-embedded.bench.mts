// The embedded .gltf (`gltfFormat.encodeSync`: the buffer as a base64 data: URI) of the speed
// bar's inputs, encoded and parsed, this tree against another (DIR: a copy of an earlier tree
// with its node_modules linked and its WebAssembly built), default backend, interleaved in one
// process with a copy of Asset + file bytes; both trees must write the same bytes and read the
// same Asset. Medians.
// Run: npx tsx bench/gltf-embedded.bench.mts DIR [--seconds 3]
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { seconds: { type: 'string', default: '3' } } });
const before = positionals[0] ?? '/tmp/w22-before';
const registry = { before: await import(`${before}/bindings/formats/registry.ts`), after: await import(`${here}/bindings/formats/registry.ts`) };
const { speedBarInput, speedBarSource } = await import(`${here}/bench/speed-bar-input.ts`);
const { assetBytes } = await import(`${here}/test/helpers/fuzz.ts`);
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log('| work | input | file MB | before µs | after µs | copy µs | before ÷ copy | after ÷ copy | speed-up |\n|---|---|---|---|---|---|---|---|---|');
for (const bar of ['mrfixit', 'door']) {
  const fmt = (side: 'before' | 'after') => registry[side].FORMATS.find((f: { name: string }) => f.name === 'gltf');
  const input = speedBarInput(fmt('after'), bar, speedBarSource(bar));
  const asset = fmt('after').parseSync(input.files[0].bytes, { fileName: input.name, resolve: input.resolve });
  const encode = (side: 'before' | 'after') => (): Uint8Array => fmt(side).encodeSync(asset);
  const [a, b] = [encode('after')(), encode('before')()];
  if (Buffer.compare(a, b) !== 0) throw new Error(`${bar}: the two trees write different bytes`);
  const parse = (side: 'before' | 'after') => () => fmt(side).parseSync(a);
  const digest = (x: unknown) => JSON.stringify(x, (_k, v) => (ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') : v));
  if (digest(parse('after')()) !== digest(parse('before')())) throw new Error(`${bar}: the two trees read different Assets`);
  for (const [work, run] of [['encode', encode], ['parse', parse]] as const) {
  const n = assetBytes(asset) + a.length;
  const from = new Uint8Array(n).fill(7);
  const to = new Uint8Array(n);
  const runs: Record<string, () => unknown> = { copy: () => to.set(from), before: run('before'), after: run('after') };
  const inner = a.length < 1e5 ? 20 : 2;
  const t: Record<string, number[]> = { copy: [], before: [], after: [] };
  for (const end = performance.now() + 1000; performance.now() < end; ) for (const k in runs) runs[k]!();
  for (const end = performance.now() + Number(values.seconds) * 1000; performance.now() < end; ) {
    for (const k in runs) { const s0 = performance.now(); for (let i = 0; i < inner; i++) runs[k]!(); t[k]!.push(((performance.now() - s0) / inner) * 1000); }
  }
  const [c, x, y] = [med(t.copy!), med(t.before!), med(t.after!)];
  console.log(`| ${work} | ${bar} ×${input.copies} | ${(a.length / 1e6).toFixed(3)} | ${x.toFixed(1)} | ${y.toFixed(1)} | ${c.toFixed(2)} | ${(x / c).toFixed(1)} | ${(y / c).toFixed(1)} | ${(x / y).toFixed(2)} |`);
  }
}

// What bounds the GLB and glTF speed-bar ratios (issue 22 items 1 and 2): the parts of a parse and
// an encode that any reader or writer of these files pays, each timed against the speed bar's
// copy in one interleaved loop (bench/speed-bar.bench.ts: input + Asset bytes for a parse, Asset +
// output bytes for an encode, `set` into an array kept between rounds).
//
// - json: the JSON text decoded and `JSON.parse`d (the GLB's JSON chunk, the .gltf file), nothing else;
// - stringify: `JSON.stringify` of that JSON (as the writer prints it: compact for GLB, indented for .gltf);
// - fresh output: a new array of the output's size with the output copied in once (what a writer
//   that hands back new bytes pays at least: the new pages' first touch);
// - parse and encode: the default backend's whole call, as the speed bar times it.
//
// Run: npx tsx bench/gltf-bounds.bench.ts [--formats glb,gltf] [--bars mrfixit,door] [--seconds 2]
import { parseArgs } from 'node:util';
import { FORMATS } from '../bindings/formats/registry.js';
import { assetBytes } from '../test/helpers/fuzz.js';
import { fmt, machine, markdownTable, timeInterleaved } from './harness.js';
import { speedBarInput, speedBarSource, type SpeedBar } from './speed-bar-input.js';

const { values } = parseArgs({ options: { formats: { type: 'string', default: 'glb,gltf' }, bars: { type: 'string', default: 'mrfixit,door' }, seconds: { type: 'string', default: '2' } } });

/** The JSON text of a GLB (its JSON chunk) or a .gltf (the whole file), as bytes. */
function jsonBytes(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0x67) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return bytes.subarray(20, 20 + view.getUint32(12, true));
}

function copier(bytes: number): () => unknown {
  const from = new Uint8Array(bytes).fill(7);
  const to = new Uint8Array(bytes);
  return () => to.set(from);
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const rows: (string | number)[][] = [];
for (const bar of values.bars!.split(',') as SpeedBar[]) {
  const source = speedBarSource(bar);
  for (const name of values.formats!.split(',')) {
    const format = FORMATS.find((f) => f.name === name)!;
    const input = speedBarInput(format, bar, source);
    const options = { fileName: input.name, resolve: input.resolve };
    const main = input.files[0]!.bytes;
    const asset = format.parseSync(main, options);
    const encode = () => (format.encodeFiles ? format.encodeFiles(asset, input.name) : [{ name: input.name, bytes: format.encodeSync(asset) }]);
    const output = encode();
    const outputBytes = output.reduce((n, f) => n + f.bytes.length, 0);
    const text = jsonBytes(main);
    const json = JSON.parse(decoder.decode(text));
    const indent = name === 'gltf' ? 1 : undefined;
    const parseTimes = timeInterleaved({
      copy: copier(input.size + assetBytes(asset)),
      parse: () => format.parseSync(main, options),
      json: () => JSON.parse(decoder.decode(text)),
    }, { minSeconds: Number(values.seconds), maxRounds: 1e6 });
    const encodeTimes = timeInterleaved({
      copy: copier(assetBytes(asset) + outputBytes),
      encode,
      stringify: () => JSON.stringify(json, null, indent),
      freshOutput: () => output.map((f) => new Uint8Array(f.bytes.length).set(f.bytes)),
    }, { minSeconds: Number(values.seconds), maxRounds: 1e6 });
    const us = (s: number) => fmt(s * 1e6, 1);
    const ratio = (t: Record<string, number>, k: string) => fmt(t[k]! / t.copy!, 1);
    rows.push([name, `${bar} ×${input.copies}`, fmt(input.size / 1e6, 3), fmt(text.length / 1e3, 1),
      `${us(parseTimes.parse!)} (${ratio(parseTimes, 'parse')})`, `${us(parseTimes.json!)} (${ratio(parseTimes, 'json')})`,
      `${us(encodeTimes.encode!)} (${ratio(encodeTimes, 'encode')})`, `${us(encodeTimes.stringify!)} (${ratio(encodeTimes, 'stringify')})`, `${us(encodeTimes.freshOutput!)} (${ratio(encodeTimes, 'freshOutput')})`,
      `${us(parseTimes.copy!)} / ${us(encodeTimes.copy!)}`]);
  }
}
console.log(machine());
console.log('µs (÷ the speed bar\'s copy, interleaved: input + Asset for the parse columns, Asset + output for the encode columns)\n');
console.log(markdownTable(['format', 'input', 'file MB', 'JSON kB', 'parse', 'JSON decode + parse alone', 'encode', 'JSON.stringify alone', 'fresh output written once', 'copy µs (parse / encode)'], rows));

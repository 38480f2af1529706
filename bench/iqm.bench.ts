// IQM decoding: mrfixit.iqm (2 meshes, 75 joints, 101 frames) to an Asset on each backend, the
// frame dequantization kernel alone, and assimpjs (assimp compiled to WebAssembly) converting
// the same file. Run: npm run bench:iqm
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createKernelsSync, type BackendName, type Kernels } from '../bindings/index.js';
import { channelCount, iqmToAsset, readIqm, type IqmDocument } from '../bindings/formats/iqm/index.js';
import { fmt, machine, markdownTable, scratch, time, writeResults } from './harness.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
if (!existsSync(MRFIXIT)) {
  console.error(`${MRFIXIT} is missing: apt-get install assimp-testmodels`);
  process.exit(1);
}
const file = new Uint8Array(readFileSync(MRFIXIT));
const document = readIqm(file);
const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];
const kernels = Object.fromEntries(BACKENDS.map((b) => [b, createKernelsSync(b)])) as Record<BackendName, Kernels>;

interface Row { case: string; runner: string; input: string; ms: number; vsJs?: number }
const rows: Row[] = [];

// 1. Whole decode: bytes -> document -> Asset (attributes, indices, skeleton, dense animation tracks).
for (const b of BACKENDS) {
  const t = time(() => iqmToAsset(readIqm(file, { kernels: kernels[b] }), { kernels: kernels[b] }));
  rows.push({ case: 'decode mrfixit.iqm to Asset', runner: b, input: `${(file.length / 1024).toFixed(0)} KiB`, ms: t.seconds * 1e3 });
}

// 2. The frame kernel alone, on arrays already in its memory (workspace), for mrfixit's 101
// frames and for its poses over 10 000 synthetic frames.
function frameInputs(doc: IqmDocument, frameCount: number): { frames: Uint16Array; masks: Uint32Array; offsets: Float32Array; scales: Float32Array } {
  const perFrame = doc.poses.reduce((s, p) => s + channelCount(p.channelMask), 0);
  const frames = new Uint16Array(frameCount * perFrame);
  for (let i = 0; i < frames.length; i++) frames[i] = doc.frames[i % doc.frames.length]!;
  const masks = Uint32Array.from(doc.poses, (p) => p.channelMask);
  const offsets = new Float32Array(doc.poses.length * 10);
  const scales = new Float32Array(doc.poses.length * 10);
  doc.poses.forEach((p, j) => { offsets.set(p.channelOffset, j * 10); scales.set(p.channelScale, j * 10); });
  return { frames, masks, offsets, scales };
}

for (const frameCount of [document.frameCount, 10_000]) {
  const input = frameInputs(document, frameCount);
  const outFloats = frameCount * document.poses.length * 10;
  for (const b of BACKENDS) {
    const k = kernels[b];
    const ws = scratch(k, input.frames.byteLength + input.masks.byteLength * 21 + outFloats * 4 + 256);
    const frames = ws.u16(input.frames.length); frames.set(input.frames);
    const masks = ws.u32(input.masks.length); masks.set(input.masks);
    const offsets = ws.f32(input.offsets.length); offsets.set(input.offsets);
    const scales = ws.f32(input.scales.length); scales.set(input.scales);
    const dst = ws.f32(outFloats);
    const t = time(() => k.raw.dequantizeIqmFrames(frames, frameCount, masks, offsets, scales, dst));
    ws.release();
    rows.push({ case: `frame kernel, ${frameCount} frames × ${document.poses.length} poses`, runner: b, input: `${(input.frames.byteLength / 1024).toFixed(0)} KiB`, ms: t.seconds * 1e3 });
  }
}

// 3. assimpjs converting the same file (its IQM importer reads meshes only: no skeleton or animation).
let peerNote = '';
try {
  const require = createRequire(import.meta.url);
  const assimp = await (require('assimpjs') as () => Promise<any>)();
  for (const target of ['glb2', 'assjson']) {
    const convert = () => {
      const list = new assimp.FileList();
      list.AddFile('mrfixit.iqm', file);
      const result = assimp.ConvertFileList(list, target);
      if (!result.IsSuccess() || result.FileCount() === 0) throw new Error(`assimpjs could not convert to ${target}: ${result.GetErrorCode()}`);
      return result.GetFile(0).GetContent();
    };
    const t = time(convert, { minSeconds: 1 });
    rows.push({ case: `assimpjs: mrfixit.iqm to ${target} (meshes only)`, runner: 'assimpjs 0.0.10', input: `${(file.length / 1024).toFixed(0)} KiB`, ms: t.seconds * 1e3 });
  }
} catch (e) {
  peerNote = `assimpjs unavailable: ${(e as Error).message}`;
  console.warn(peerNote);
}

const jsTime = (c: string) => rows.find((r) => r.case === c && r.runner === 'js')?.ms;
const decodeJs = jsTime('decode mrfixit.iqm to Asset')!;
for (const r of rows) r.vsJs = (r.runner.startsWith('assimpjs') ? decodeJs : jsTime(r.case) ?? decodeJs) / r.ms;

console.log(`IQM benchmark — ${machine().cpu}, Node ${process.version}\n`);
console.log(markdownTable(['case', 'runner', 'input', 'median ms', 'speed vs js'], rows.map((r) => [r.case, r.runner, r.input, fmt(r.ms, 3), `${fmt(r.vsJs!)}×`])));
const simd = rows.find((r) => r.case === 'decode mrfixit.iqm to Asset' && r.runner === 'wasm-simd')!;
const peer = rows.find((r) => r.runner.startsWith('assimpjs'));
if (peer) console.log(`\nassimpjs (${peer.case}) takes ${fmt(peer.ms / simd.ms)}× as long as meshcodec wasm-simd decoding everything including the animation.`);
const path = writeResults('iqm', { file: MRFIXIT, bytes: file.length, rows, peerNote });
console.log(`\nresults: ${path}`);

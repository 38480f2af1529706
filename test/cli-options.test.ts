// The CLI's conversion options (bindings/cli/conversion-options.ts): the target's conventions by
// default, each flag changing the output as it says (through runConvertJob, what the CLI and its
// workers run, on every backend), misplaced flags as usage errors (the built dist/cli.js), and
// the README's tables equal to what the code generates.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONVERSION_OPTIONS, parseConversionFlags, resolveConversion, type ConversionFlags } from '../bindings/cli/conversion-options.js';
import { withGeneratedTables } from '../bindings/cli/readme-tables.js';
import { formatByName } from '../bindings/formats/registry.js';
import { tgaToPng } from '../bindings/textures/tga-to-png.js';
import { describeIqm } from '../bindings/formats/iqm/iqm-format.js';
import { readIqm } from '../bindings/formats/iqm/read-iqm.js';
import type { Asset } from '../bindings/model/asset.js';
import { runConvertJob, type ConvertJobDone } from '../bindings/workers/convert-job.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const kernels = allKernels();
const fixture = (name: string) => new Uint8Array(readFileSync(join(ROOT, 'fixtures', name)));

function convert(input: string, to: string, flags: ConversionFlags = {}, backend: keyof typeof kernels = 'js', bytes = fixture(input)): ConvertJobDone {
  const outcome = runConvertJob({ bytes, inputPath: input, to, outputStem: 'out', flags }, kernels[backend]);
  if (!outcome.ok) throw new Error(`${input} -> ${to}: ${outcome.error.message}`);
  return outcome;
}

/** The main output read back by its own reader (companions from the same set). */
function readBack(done: ConvertJobDone, backend: keyof typeof kernels = 'js', options: Record<string, unknown> = {}): Asset {
  const handler = formatByName(done.to)!;
  const main = done.files[0]!;
  return handler.parseSync(main.bytes, { kernels: kernels[backend], fileName: main.name, resolve: (n: string) => done.files.find((f) => f.name === n)?.bytes, ...options });
}

/** Per-axis minimum and maximum of xyz positions. */
function bounds(p: Float32Array): [number[], number[]] {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, p[i]!);
    max[i % 3] = Math.max(max[i % 3]!, p[i]!);
  }
  return [min.map((v) => v + 0), max.map((v) => v + 0)];
}

const flags = (values: Record<string, string | boolean>) => {
  const parsed = parseConversionFlags(values);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('conventions by default', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: glb -> iqm, unigine, tf are Z-up with no axis warning; --up-axis y keeps Y-up (warned)`, () => {
      const yUp = formatByName('glb')!.parseSync(fixture('tube.glb'), { kernels: kernels[backend] }).meshes[0]!.attributes.positions;
      for (const to of ['iqm', 'unigine', 'tf']) {
        const done = convert('tube.glb', to, {}, backend);
        expect(done.warnings.filter((w) => /Y-up/i.test(w))).toEqual([]);
        // (x, y, z) -> (x, -z, y), on the bounds (writers may reorder vertices)
        const [min, max] = bounds(yUp);
        expect(bounds(readBack(done, backend).meshes[0]!.attributes.positions)).toEqual([
          [min[0], -max[2]!, min[1]],
          [max[0], -min[2]!, max[1]],
        ]);
        const kept = convert('tube.glb', to, flags({ 'up-axis': 'y' }), backend);
        // The TF writer says nothing of a Y-up Asset (reported, not in this area); IQM and UNIGINE warn.
        if (to !== 'tf') expect(kept.warnings.some((w) => /Y-up/i.test(w))).toBe(true);
        expect(bounds(readBack(kept, backend).meshes[0]!.attributes.positions)).toEqual([min, max]);
      }
    });
  }

  it('a Z-up source to glb is turned Y-up; --up-axis keep writes it unchanged', () => {
    const z = formatByName('unigine')!.parseSync(fixture('tube.mesh')).meshes[0]!.attributes.positions;
    const turned = readBack(convert('tube.mesh', 'glb')).meshes[0]!.attributes.positions;
    expect([turned[0], turned[1], turned[2]]).toEqual([z[0], z[2], Math.fround(-z[1]!)]);
    const kept = readBack(convert('tube.mesh', 'glb', flags({ 'up-axis': 'keep' }))).meshes[0]!.attributes.positions;
    expect(Array.from(kept.subarray(0, 3))).toEqual(Array.from(z.subarray(0, 3)));
  });

  it('a same-format conversion with no flag rewrites the document; any flag goes through the Asset', () => {
    expect(convert('tube.iqm', 'iqm').rewritten).toBe(true);
    expect(convert('tube.iqm', 'iqm', flags({ 'blend-weights': 'float' })).rewritten).toBe(false);
  });
});

describe('each flag changes the output as it says', () => {
  it('--flip-v: v -> 1 - v (glb, and TF whose default flip it turns off)', () => {
    const uv = readBack(convert('tube.glb', 'glb')).meshes[0]!.attributes.uvs![0]!;
    const flipped = readBack(convert('tube.glb', 'glb', flags({ 'flip-v': true }))).meshes[0]!.attributes.uvs![0]!;
    for (let i = 1; i < 20; i += 2) expect(flipped[i]).toBeCloseTo(1 - uv[i]!, 6);
    expect(resolveConversion(flags({ 'flip-v': true }), 'glb', 'tf')).toEqual({ read: { upAxis: 'z' }, write: { flipV: false } });
    const tfUv = readBack(convert('tube.glb', 'tf', flags({ 'flip-v': true }))).meshes[0]!.attributes.uvs![0]!;
    for (let i = 1; i < 20; i += 2) expect(tfUv[i]).toBeCloseTo(1 - uv[i]!, 6);
  });

  it('--flip-winding: every triangle reversed', () => {
    const plain = readBack(convert('tube.glb', 'glb')).meshes[0]!.indices;
    const flipped = readBack(convert('tube.glb', 'glb', flags({ 'flip-winding': true }))).meshes[0]!.indices;
    for (let t = 0; t < 30; t += 3) expect([flipped[t], flipped[t + 1], flipped[t + 2]]).toEqual([plain[t], plain[t + 2], plain[t + 1]]);
  });

  it('--frame-rate: a UNIGINE source (no rate stored) read at 60 fps lasts half as long', () => {
    const at30 = readBack(convert('tube.mesh', 'glb')).animations[0]!.tracks[0]!.times;
    const at60 = readBack(convert('tube.mesh', 'glb', flags({ 'frame-rate': '60' }))).animations[0]!.tracks[0]!.times;
    expect(at60.at(-1)).toBeCloseTo(at30.at(-1)! / 2, 6);
  });

  it('--resample: glTF animations put on the grid asked for', () => {
    const times = readBack(convert('tube.glb', 'glb', flags({ resample: '10' }))).animations[0]!.tracks[0]!.times;
    expect(times.length).toBe(6); // 0.5 s at 10 fps
    for (const t of times) expect(Math.abs(t * 10 - Math.round(t * 10))).toBeLessThan(1e-5);
  });

  it('--max-expansion: a limit the file exceeds refuses it', () => {
    expect(runConvertJob({ bytes: fixture('tube.iqm'), inputPath: 'tube.iqm', to: 'glb', flags: flags({ 'max-expansion': '0.01' }) }, kernels.js)).toMatchObject({ ok: false, error: { code: 'BAD_COUNT' } });
  });

  it('--quantize: UNIGINE .anim frames and MeshSerializer2 positions, rounded or truncated', () => {
    const anim = (q: string) => convert('tube.mesh', 'unigine', flags({ quantize: q, kind: 'anim' })).files[0]!.bytes;
    expect(Buffer.from(anim('round')).equals(Buffer.from(anim('truncate')))).toBe(false);
    const ms2 = (q: string) => convert('tube.mesh', 'ms2', flags({ quantize: q })).files[0]!.bytes;
    expect(Buffer.from(ms2('round')).equals(Buffer.from(ms2('truncate')))).toBe(false);
  });

  it('--kind: a UNIGINE .anim from a mesh, a TF .ani', () => {
    const anim = convert('tube.mesh', 'unigine', flags({ kind: 'anim' }));
    expect(anim.files[0]!.name).toBe('out.anim');
    expect(readBack(anim).meshes).toEqual([]);
    expect(convert('tube.mesh', 'tf', flags({ kind: 'ani' })).files.map((f) => f.name)).toEqual(['out.ani']);
  });

  it('--blend-weights float: IQM blend weights stored as floats', () => {
    const formatOf = (done: ConvertJobDone) => (describeIqm(readIqm(done.files[0]!.bytes)).vertexArrays as { type: string; format: string }[]).find((a) => a.type === 'blendweights')!.format;
    expect(formatOf(convert('tube.mesh', 'iqm'))).toBe('ubyte');
    expect(formatOf(convert('tube.mesh', 'iqm', flags({ 'blend-weights': 'float' })))).toBe('float');
  });

  it.skipIf(!corpusAvailable)('--colors float: IQM colours stored as floats (corpus: a coloured IQM)', () => {
    const bytes = new Uint8Array(readFileSync(corpusPath('iqm', 'raylib_vertex_colored_object.iqm')));
    const done = convert('x.iqm', 'iqm', flags({ colors: 'float' }), 'js', bytes);
    expect((describeIqm(readIqm(done.files[0]!.bytes)).vertexArrays as { type: string; format: string }[]).find((a) => a.type === 'color')!.format).toBe('float');
  });

  it('--precision 2: apg numbers with two fraction digits', () => {
    const lines = new TextDecoder().decode(convert('tube.mesh', 'apg', flags({ precision: '2' })).files[0]!.bytes).split('\n');
    const vp = lines.slice(lines.indexOf('@vp comps 3') + 1, lines.indexOf('@vp comps 3') + 10);
    for (const line of vp) for (const n of line.split(' ')) expect(n).toMatch(/^-?\d+\.\d\d$/);
  });

  it('--bounds unity and --tangents no: MeshSerializer2 bounds and tangents', () => {
    const tight = convert('tube.mesh', 'ms2').files[0]!.bytes;
    expect(Buffer.from(convert('tube.mesh', 'ms2', flags({ bounds: 'unity' })).files[0]!.bytes).equals(Buffer.from(tight))).toBe(false);
    const noTangents = convert('tube.mesh', 'ms2', flags({ tangents: 'no' }));
    expect(noTangents.files[0]!.bytes.length).toBeLessThan(tight.length);
    expect(readBack(noTangents).meshes[0]!.attributes.tangents).toBeUndefined();
  });

  it('--embed-buffers: one .gltf with a data: URI instead of .gltf + .bin', () => {
    expect(convert('tube.mesh', 'gltf').files.map((f) => f.name)).toEqual(['out.gltf', 'out.bin']);
    const embedded = convert('tube.mesh', 'gltf', flags({ 'embed-buffers': true }));
    expect(embedded.files.map((f) => f.name)).toEqual(['out.gltf']);
    expect(new TextDecoder().decode(embedded.files[0]!.bytes)).toContain('data:application/octet-stream;base64,');
  });

  it('--textures embed|uri|none: the base colour images embedded, referred to by name, or left out (warned)', () => {
    const png = tgaToPng(new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0x20, 10, 20, 30]));
    const textured = readBack(convert('tube.mesh', 'glb'));
    textured.materials = textured.meshes.map((m, i) => ({ name: (m.material ??= `skin${i}`), baseColorTexture: { uri: 'skin.png', bytes: png } }));
    const glb = new Uint8Array(formatByName('glb')!.encodeSync(textured));
    const images = (out: ConvertJobDone) => JSON.parse(new TextDecoder().decode(out.files[0]!.bytes)).images;
    expect(images(convert('in.glb', 'gltf', flags({ 'embed-buffers': true }), 'js', glb))).toEqual([{ name: 'skin.png', mimeType: 'image/png', bufferView: expect.any(Number) }]);
    expect(images(convert('in.glb', 'gltf', flags({ 'embed-buffers': true, textures: 'uri' }), 'js', glb))).toEqual([{ uri: 'skin.png', mimeType: 'image/png' }]);
    const none = convert('in.glb', 'gltf', flags({ 'embed-buffers': true, textures: 'none' }), 'js', glb);
    expect(images(none)).toBeUndefined();
    expect(none.warnings.some((w) => w.startsWith("textures: 'none'"))).toBe(true);
  });

  it('every flag of the table is tested above (or in cli-optimize.test.ts: --optimize, --compress, glTF --quantize)', () => {
    const source = [import.meta.url, new URL('./cli-optimize.test.ts', import.meta.url)].map((url) => readFileSync(fileURLToPath(url), 'utf8')).join('\n');
    for (const option of CONVERSION_OPTIONS) expect(source).toContain(`--${option.flag}`);
  });
});

describe.skipIf(!existsSync(CLI))('the command line (dist/cli.js)', () => {
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT });
    return { code: r.status, out: r.stdout.toString(), err: r.stderr.toString() };
  };

  it('a flag neither side takes, or a value it does not take, is a usage error naming the formats that take it', () => {
    expect(run(['convert', 'fixtures/tube.mesh', '--to', 'iqm', '--resample', '30'])).toMatchObject({ code: 2, err: expect.stringContaining('it is taken by gltf (read), glb (read)') });
    expect(run(['convert', 'fixtures/tube.mesh', '--to', 'glb', '--precision', '2'])).toMatchObject({ code: 2, err: expect.stringContaining('apg (write)') });
    expect(run(['convert', 'fixtures/tube.mesh', '--to', 'unigine', '--kind', 'ani'])).toMatchObject({ code: 2, err: expect.stringContaining('--kind for unigine takes mesh or anim') });
    expect(run(['convert', 'fixtures/tube.mesh', '--to', 'glb', '--up-axis', 'z'])).toMatchObject({ code: 2, err: expect.stringContaining('glb files are Y-up') });
    expect(run(['convert', 'fixtures/tube.mesh', '--to', 'apg', '--precision', 'many'])).toMatchObject({ code: 2, err: expect.stringContaining("--precision takes 'shortest' or a number") });
    expect(run(['info', 'fixtures/tube.mesh', '--quantize', 'round'])).toMatchObject({ code: 2, err: expect.stringContaining('info does not take --quantize') });
  });

  it('convert --help lists every flag with the formats that take it', () => {
    const help = run(['help', 'convert']);
    expect(help.code).toBe(0);
    for (const option of CONVERSION_OPTIONS) expect(help.out).toContain(`--${option.flag}`);
    expect(help.out).toContain('gltf (read), glb (read)');
  });
});

describe('README', () => {
  it('holds the conventions and conversion-options tables exactly as the code generates them', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('<!-- generated:conversion-options -->');
    expect(readme).toContain('<!-- generated:conventions -->');
    expect(withGeneratedTables(readme)).toBe(readme);
  });
});

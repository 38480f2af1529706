// Each structure-aware mutator (test/fuzz/mutators/) makes inputs of its class from the seeds,
// and every class of issue 17's hostile reproducers (test/fuzz/regressions/, from
// ../shared/hostile/) is reached by some mutator: a predicate on the mutator's outputs that says
// "this is an input of that class" must hold for one of a bounded number of outputs.
import { describe, expect, it } from 'vitest';
import { formatByName } from '../bindings/formats/registry.js';
import { readIqm } from '../bindings/formats/iqm/index.js';
import { createKernelsSync, type Asset } from '../bindings/index.js';
import { rng } from './helpers/backends.js';
import { fuzzSeeds, seedFileName, type FuzzSeed } from './helpers/fuzz-seeds.js';
import { MUTATORS, mutateInput, mutatorsFor, type Mutator } from './fuzz/mutators/index.js';
import { readGltfDocument } from './fuzz/mutators/gltf-document.js';
import { traceReads } from './fuzz/mutators/trace-reads.js';
import { encodeCompact } from './fuzz/mutators/trace-reads.js';
import { FUZZED_FORMATS } from './fuzz/formats.js';

const js = createKernelsSync('js');
const seedsOf = new Map(FUZZED_FORMATS.map((f) => [f, fuzzSeeds(f)]));

/** Up to `tries` outputs of `mutator` on the format's seeds (a seed's main file, or its companion when `file` says so). */
function* outputs(mutatorName: string, format: string, tries: number, seedFilter: (s: FuzzSeed) => boolean = () => true, stack = 1): Generator<{ bytes: Uint8Array; seed: FuzzSeed }> {
  const mutator = MUTATORS.find((m) => m.name === mutatorName)!;
  expect(mutator, mutatorName).toBeDefined();
  const handler = formatByName(format)!;
  const seeds = seedsOf.get(format)!;
  const usable = seeds.filter(seedFilter);
  expect(usable.length, `seeds of ${format}`).toBeGreaterThan(0);
  const next = rng(tries * 7 + mutatorName.length);
  for (let i = 0; i < tries; i++) {
    const seed = usable[i % usable.length]!;
    let bytes: Uint8Array | undefined = seed.bytes;
    for (let s = 0; s < stack && bytes; s++) bytes = mutator.mutate({ bytes, file: seedFileName(seed), format, handler, seed, seeds }, next);
    if (bytes) yield { bytes, seed };
  }
}

function reaches(mutatorName: string, format: string, tries: number, predicate: (bytes: Uint8Array, seed: FuzzSeed) => boolean, seedFilter?: (s: FuzzSeed) => boolean, stack = 1): boolean {
  for (const { bytes, seed } of outputs(mutatorName, format, tries, seedFilter, stack)) if (predicate(bytes, seed)) return true;
  return false;
}

const parse = (format: string, bytes: Uint8Array, seed?: FuzzSeed): Asset | undefined => {
  try {
    return formatByName(format)!.parseSync(bytes, { kernels: js, fileName: seed ? seedFileName(seed) : undefined, resolve: (n) => seed?.companions?.find((c) => c.name === n)?.bytes });
  } catch {
    return undefined;
  }
};
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const gltfJson = (bytes: Uint8Array) => readGltfDocument(bytes)?.json;
const iqm = (bytes: Uint8Array) => {
  try {
    return readIqm(bytes);
  } catch {
    return undefined;
  }
};
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
const f32Bits = (bytes: Uint8Array, at: number) => u32(bytes, at);

describe('every format has structure-aware mutators besides byte mutations', () => {
  it.each(FUZZED_FORMATS)('%s', (format) => {
    expect(mutatorsFor(format).filter((m: Mutator) => m.name !== 'bytes').length).toBeGreaterThan(0);
  });

  it('mutateInput names the mutator that made each input, and uses more than one', () => {
    const format = 'gltf';
    const seeds = seedsOf.get(format)!;
    const next = rng(3);
    const names = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const seed = seeds[i % seeds.length]!;
      const { bytes, mutator } = mutateInput({ bytes: seed.bytes, file: seedFileName(seed), format, handler: formatByName(format)!, seed, seeds }, next);
      expect(bytes).toBeInstanceOf(Uint8Array);
      names.add(mutator);
    }
    expect(names.size).toBeGreaterThan(4);
  });
});

describe("each of issue 17's hostile classes is reached by a mutator from the seeds", () => {
  // apg
  it('apg-repeated-tags: a second @vert_count of 2^31−1, 1e7 or 1e8', () => {
    expect(reaches('apg-repeated-tags', 'apg', 300, (b) => {
      const counts = text(b).match(/^@vert_count .*$/gm) ?? [];
      return counts.length >= 2 && /\b(2147483647|10000000|100000000|1e7|1e8)\s*$/.test(counts.at(-1)!);
    })).toBe(true);
  });
  it('apg-tag-numbers: a tag count set to a boundary value', () => {
    expect(reaches('apg-tag-numbers', 'apg', 300, (b) => /^@\w+.*\b(2147483647|4294967295|100000000)\b/m.test(text(b)))).toBe(true);
  });

  // glTF, as .gltf and as .glb
  for (const format of ['gltf', 'glb']) {
    it(`${format} gltf-accessors: normalized FLOAT and normalized UNSIGNED_INT accessors`, () => {
      for (const componentType of [5126, 5125]) {
        expect(reaches('gltf-accessors', format, 600, (b) => (gltfJson(b)?.accessors ?? []).some((a: any) => a.normalized === true && a.componentType === componentType)), `componentType ${componentType}`).toBe(true);
      }
    });
    it(`${format} gltf-accessors: zero-filled accessors (no bufferView) of thousands of elements`, () => {
      expect(reaches('gltf-accessors', format, 600, (b) => (gltfJson(b)?.accessors ?? []).some((a: any) => a.bufferView === undefined && !a.sparse && a.count >= 6228))).toBe(true);
    });
    it(`${format} gltf-accessors: sparse accessors with hostile counts`, () => {
      expect(reaches('gltf-accessors', format, 600, (b) => (gltfJson(b)?.accessors ?? []).some((a: any) => a.sparse && a.sparse.count >= 2 ** 31 - 1))).toBe(true);
    });
    it(`${format} gltf-key-times: two keys 550,000 s apart`, () => {
      expect(reaches('gltf-key-times', format, 300, (b) => {
        const doc = readGltfDocument(b);
        if (!doc?.bin) return false;
        return (doc.json.animations ?? []).some((an: any) => an.samplers.some((s: any) => {
          const acc = doc.json.accessors[s.input];
          const view = doc.json.bufferViews[acc.bufferView];
          if (!view || acc.count !== 2) return false;
          const at = (view.byteOffset ?? 0) + (acc.byteOffset ?? 0);
          const t = new Float32Array(doc.bin!.slice(at, at + 8).buffer);
          return t[0] === 0 && t[1] === 550_000;
        }));
      })).toBe(true);
    });
    it(`${format} gltf-transforms: a joint matrix of 1e308`, () => {
      expect(reaches('gltf-transforms', format, 300, (b) => (gltfJson(b)?.nodes ?? []).some((n: any) => Array.isArray(n.matrix) && n.matrix.some((v: number) => Math.abs(v) >= 1e308)))).toBe(true);
    });
    it(`${format} gltf-node-graph: a chain 20,000 nodes deep, scenes without nodes, no scenes`, () => {
      const deep = (json: any) => {
        const nodes = json?.nodes ?? [];
        if (nodes.length < 20_000) return false;
        let depth = 0;
        for (let at = nodes.length - 20_000; nodes[at]?.children?.length === 1 && depth < 20_000; at = nodes[at].children[0]) depth++;
        return depth >= 19_999;
      };
      expect(reaches('gltf-node-graph', format, 400, (b) => deep(gltfJson(b)))).toBe(true);
      expect(reaches('gltf-node-graph', format, 100, (b) => JSON.stringify(gltfJson(b)?.scenes) === '[{}]')).toBe(true);
      expect(reaches('gltf-node-graph', format, 100, (b) => { const j = gltfJson(b); return !!j && j.scenes === undefined; })).toBe(true);
    });
    it(`${format} gltf-primitive-modes: points and lines only`, () => {
      for (const mode of [0, 1, 3, 6]) expect(reaches('gltf-primitive-modes', format, 300, (b) => (gltfJson(b)?.meshes ?? []).every((m: any) => m.primitives.every((p: any) => p.mode === mode))), `mode ${mode}`).toBe(true);
    });
  }

  // IQM
  it('header-counts: an IQM with animations and num_joints 0, from a file with blend arrays', () => {
    expect(reaches('header-counts', 'iqm', 2000, (b) => b.length >= 124 && u32(b, 68) === 0 && u32(b, 84) > 0, (s) => (iqm(s.bytes)?.joints.length ?? 0) > 0 && (iqm(s.bytes)?.vertexArrays ?? []).some((v) => v.type === 3 /* blend indexes */))).toBe(true);
  });
  it('header-counts: an IQM vertex array whose size is changed (a tangent array of size 5)', () => {
    expect(reaches('header-counts', 'iqm', 800, (b, seed) => {
      const before = iqm(seed.bytes)?.vertexArrays ?? [];
      const after = iqm(b)?.vertexArrays ?? [];
      return after.some((v, i) => v.type === 2 /* tangent */ && before[i] && v.size !== before[i]!.size);
    }, (s) => (iqm(s.bytes)?.vertexArrays ?? []).some((v) => v.type === 2))).toBe(true);
  });
  it('hostile-floats: IQM float data with NaN payloads and signalling NaNs', () => {
    expect(reaches('hostile-floats', 'iqm', 300, (b) => {
      for (let at = 0; at + 4 <= b.length; at += 4) {
        const bits = f32Bits(b, at);
        if (bits === 0x7f800001 || bits === 0xff800001 || bits === 0x7fc00001) return iqm(b) !== undefined;
      }
      return false;
    })).toBe(true);
  });

  // MeshSerializer2
  it('header-counts: a MeshSerializer2 file that still reads, with 0 vertices and 0 triangles', () => {
    expect(reaches('header-counts', 'ms2', 400, (b) => b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] === 0 && parse('ms2', b) !== undefined)).toBe(true);
  });

  // Transport Fever
  it('lua-index-streams: index streams shifted over 56 attributes', () => {
    expect(reaches('lua-index-streams', 'tf', 300, (b) => {
      const entries = [...text(b).matchAll(/(\w+)\s*=\s*\{\s*count\s*=\s*\d+\s*,\s*offset\s*=\s*(\d+)\s*,?\s*\}/g)].map((m) => Number(m[2]));
      return entries.length >= 56 && entries.every((o, i) => i === 0 || o - entries[i - 1]! === 4 || o < entries[i - 1]!);
    })).toBe(true);
  });
  it('lua mutators: deep nesting, negative counts, swapped keys, strings, enlarged number tables', () => {
    expect(reaches('lua-deep-nesting', 'tf', 200, (b) => text(b).includes('{ '.repeat(1000)))).toBe(true);
    expect(reaches('lua-keyed-numbers', 'tf', 200, (b) => /count = -1\b/.test(text(b)))).toBe(true);
    expect(reaches('lua-swapped-keys', 'tf', 200, (b, s) => text(b) !== text(s.bytes) && text(b).length === text(s.bytes).length + 0 - 0 || /offset\s*=\s*\{\s*count/.test(text(b)))).toBe(true);
    expect(reaches('lua-strings', 'tf', 200, (b) => /= "\d/.test(text(b)))).toBe(true);
    expect(reaches('lua-number-tables', 'tf', 200, (b, s) => (text(b).match(/,/g)?.length ?? 0) > (text(s.bytes).match(/,/g)?.length ?? 0))).toBe(true);
  });

  // UNIGINE
  it('header-counts: UNIGINE compact integers in non-canonical forms (negative zero, padded zero)', () => {
    for (const form of [[0x40], [0x80, 0x00]]) {
      expect(reaches('header-counts', 'unigine', 600, (b) => traceReads(formatByName('unigine')!, b).fields.some((f) => f.encoding === 'compact' || f.length === form.length ? form.every((x, i) => b[f.offset + i] === x) && f.length === form.length : false)), `form ${form}`).toBe(true);
    }
  });
  it('header-counts: UNIGINE counts re-encoded at boundary values (2^31−1 as five bytes)', () => {
    const big = encodeCompact(2 ** 31 - 1);
    expect(reaches('header-counts', 'unigine', 600, (b) => traceReads(formatByName('unigine')!, b).fields.some((f) => f.length === big.length && big.every((x, i) => b[f.offset + i] === x)))).toBe(true);
  });
  it('bytes: UNIGINE strings with an embedded NUL or invalid UTF-8, in files that read', () => {
    const hit = (b: Uint8Array) => {
      const trace = traceReads(formatByName('unigine')!, b);
      return parse('unigine', b) !== undefined && trace.spans.some((s) => /name/.test(s.what) && s.byteLength > 1 && (b.subarray(s.offset, s.offset + s.byteLength - 1).includes(0) || b.subarray(s.offset, s.offset + s.byteLength).some((x) => x >= 0x80)));
    };
    expect(reaches('bytes', 'unigine', 3000, hit)).toBe(true);
  });
  it('hostile-floats: a UNIGINE bind pose with a non-finite translation, in a file that reads', () => {
    expect(reaches('hostile-floats', 'unigine', 600, (b) => (parse('unigine', b)?.skeleton?.joints ?? []).some((j) => j.translation.some((v) => !Number.isFinite(v))))).toBe(true);
  });
  // Any format
  it('splice-seeds: sections of one seed inside another of the same format', () => {
    for (const format of ['iqm', 'unigine', 'apg']) {
      expect(reaches('splice-seeds', format, 100, (b, s) => b.length !== s.bytes.length)).toBe(true);
    }
  });
});

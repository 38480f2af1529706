// Review of h-uniframes (frame records read where they lie by expandFloatFrameRecords /
// expandQuantizedFrameRecords): mutated and truncated UNIGINE animations through the new reader
// path. Every backend must give the same outcome (the same MeshFormatError code, offset and
// message, or the same Asset bit for bit), nothing but MeshFormatError may escape, and a parse
// (records read in place) must agree with the Asset of the document read as a whole (records
// split into streams, then joined again by joinFrameRecords).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MeshFormatError, type Kernels } from '../bindings/index.js';
import { parseUnigine, readUnigine, unigineToAsset } from '../bindings/formats/unigine/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { assetBits } from './helpers/backend-outcomes.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';

const kernels = allKernels();

function outcome(read: () => unknown): string {
  try {
    return JSON.stringify(assetBits(read() as never));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw new Error(`not a MeshFormatError: ${(error as Error)?.stack ?? String(error)}`);
    return `${error.code} @${error.offset} ${error.message}`;
  }
}

function sameEverywhere(bytes: Uint8Array, label: string): string {
  const first = outcome(() => parseUnigine(bytes, { kernels: kernels['wasm-simd'] }));
  for (const backend of BACKENDS) {
    const k: Kernels = kernels[backend];
    expect(outcome(() => parseUnigine(bytes, { kernels: k })), `${label} ${backend} parse`).toBe(first);
    expect(outcome(() => unigineToAsset(readUnigine(bytes), { kernels: k })), `${label} ${backend} whole document`).toBe(first);
  }
  return first;
}

function sources(): [string, Uint8Array][] {
  const list: [string, Uint8Array][] = [
    ['tube.anim', new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.anim')))],
    ['tube.mesh', new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.mesh')))],
  ];
  if (corpusAvailable) for (const name of ['actor_00_jump.anim', 'QBZ95_long.anim']) list.push([name, readCorpus('unigine', name)]);
  return list;
}

describe('UNIGINE frame records: hostile inputs give the same outcome on every backend and path', () => {
  for (const [name, file] of sources()) {
    it(`${name}: cut at every length`, () => {
      const step = Math.max(1, Math.floor(file.length / 600));
      for (let n = 0; n < file.length; n += step) sameEverywhere(file.subarray(0, n), `${name} cut ${n}`);
    });

    it(`${name}: random byte changes`, () => {
      const next = rng(4);
      for (let trial = 0; trial < 250; trial++) {
        const bytes = file.slice();
        for (let c = 1 + Math.floor(next() * 3); c > 0; c--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
        sameEverywhere(bytes, `${name} trial ${trial}`);
      }
    });
  }
});

describe('UNIGINE frame records: every byte of the tube set to flag-like and NaN-making values', () => {
  for (const name of ['tube.anim', 'tube.mesh']) {
    it(`${name}: each byte as 0x80, 0xff, 0x7f, 0x08 (unknown bit 7, every channel, a rotation only)`, () => {
      const file = new Uint8Array(readFileSync(join(FIXTURES_DIR, name)));
      const step = Math.max(1, Math.floor(file.length / 1500));
      for (let at = 0; at < file.length; at += step) {
        for (const value of [0x80, 0xff, 0x7f, 0x08]) {
          const bytes = file.slice();
          bytes[at] = value;
          sameEverywhere(bytes, `${name} byte ${at} = ${value}`);
        }
      }
    });
  }
});

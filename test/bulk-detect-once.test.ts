// A file's format is detected once per conversion (issue 22 item 5, round seven): a one-file run
// detected its input in prepareConvertJob and again in runConvertJob (0.07–0.2 ms of its start-up,
// the tests running cold), and a bulk run's file over the 64 KiB head was detected on its head
// twice (readInputFile, then its refusal check) before the whole. Counted by wrapping each
// signature's test. Its own file: the one-file case needs a process where not every format's
// handler is loaded yet (test/helpers/backends.ts loads them all).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { everyFormatLoaded, FORMAT_SIGNATURES } from '../bindings/formats/format-index.js';
import { cli, ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

describe('a file is detected once per conversion', () => {
  /** Counts the calls of each format's `test` while `body` runs. */
  async function detections(body: () => Promise<unknown>): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const originals = FORMAT_SIGNATURES.map((f) => f.test);
    FORMAT_SIGNATURES.forEach((f, i) => {
      (f as { test: (bytes: Uint8Array) => boolean }).test = (bytes) => {
        counts[f.name] = (counts[f.name] ?? 0) + 1;
        return originals[i]!(bytes);
      };
    });
    try {
      await body();
    } finally {
      FORMAT_SIGNATURES.forEach((f, i) => ((f as { test: (bytes: Uint8Array) => boolean }).test = originals[i]!));
    }
    return counts;
  }

  it('one file, a bulk run of small files, a bulk run of files over the 64 KiB head', async () => {
    const dir = testTempDir('per-file-overhead');
    copyFileSync(join(ROOT, 'fixtures', 'tube.msh'), join(dir, 'tube.msh'));
    copyFileSync(join(ROOT, 'fixtures', 'tube.msh.blob'), join(dir, 'tube.msh.blob'));
    // One Transport Fever file, no other format's handler loaded yet (this test runs first in its
    // file): each detection asks the TF test (the fifth) once. It was twice (prepareConvertJob, then runConvertJob).
    expect(everyFormatLoaded()).toBe(false);
    const one = await detections(() => cli(['convert', join(dir, 'tube.msh'), '--to', 'glb', '--out-dir', join(dir, 'one'), '--quiet']));
    expect(one.tf).toBe(1);
    mkdirSync(join(dir, 'many'));
    for (let i = 0; i < 4; i++) for (const ext of ['.msh', '.msh.blob']) copyFileSync(join(ROOT, 'fixtures', `tube${ext}`), join(dir, 'many', `t${i}${ext}`));
    const many = await detections(() => cli(['convert', join(dir, 'many'), '--to', 'glb', '--out-dir', join(dir, 'many-out'), '--quiet', '--jobs', '1']));
    expect(many.tf).toBe(4);
    // apg files over the head (64 KiB): the head's refusal check detects once, the conversion once
    // (it was three times). Each detection of an apg file asks the TF test (before apg's) once.
    mkdirSync(join(dir, 'large'));
    const apg = readFileSync(join(ROOT, 'fixtures', 'tube.apg'));
    for (let i = 0; i < 3; i++) writeFileSync(join(dir, 'large', `big${i}.apg`), Buffer.concat([apg, Buffer.alloc(50_000, 0x0a)]));
    const large = await detections(() => cli(['convert', join(dir, 'large'), '--to', 'glb', '--out-dir', join(dir, 'large-out'), '--quiet', '--jobs', '1', '--json']));
    expect(large.tf).toBe(6);
    const converted = await cli(['convert', join(dir, 'large'), '--to', 'glb', '--out-dir', join(dir, 'large-out2'), '--quiet', '--jobs', '1', '--json']);
    expect(converted.summary).toMatchObject({ converted: 3, failed: 0 });
  });
});

// Review of round seven's browser base64 decode (base64.ts nativeDecode: the native
// Uint8Array.prototype.setFromBase64, kept only when it wrote every byte the text gives) and of
// the cut parse (json-text.ts) where there is no Node Buffer. In Debian's Chromium, with the
// library bundled by esbuild as test/browser-gltf-base64.test.ts does:
// - texts made from canonical base64 by random edits (whitespace of each kind, '=' anywhere,
//   base64url and non-ASCII characters, deletions, padding added or cut) decode as the kernel
//   decodes them, bytes or refusal, on every backend;
// - embedded .gltf files, valid and hostile (a payload that is not JSON string text behind an
//   earlier error), read the same with the cut as without it (TextDecoder only: no latin1 path).
// Skips with a message without Chromium, except in CI.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gltfFormat } from '../bindings/formats/gltf/gltf-format.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { browserSkipReason, launchChromium, type ChromiumSession } from './helpers/chromium.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const missing = browserSkipReason('review7b browser base64 test', []);

/** The page's fuzz, as text: `count` edited texts per backend, native answer against the kernel's. */
const FUZZ = `(() => {
  const lib = window.lib;
  let a = 7207;
  const next = () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const EDITS = [' ', '\\t', '\\n', '\\f', '\\r', '\\v', '\\u00a0', '=', '==', '-', '_', 'A', 'é', '\\u2028', '', '', 'AAAA', '===='];
  const differences = [];
  let accepted = 0;
  for (const backend of ['wasm-simd', 'wasm-scalar', 'js']) {
    const kernels = lib.createKernelsSync(backend);
    for (let n = 0; n < 300; n++) {
      const bytes = new Uint8Array(8200 + Math.floor(next() * 40));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
      let text = bytes.toBase64();
      const edits = Math.floor(next() * 4);
      for (let e = 0; e < edits; e++) {
        // Half the edits near the end, where padding decides.
        const at = next() < 0.5 ? text.length - Math.floor(next() * 6) : Math.floor(next() * text.length);
        text = text.slice(0, at) + pick(EDITS) + text.slice(at + Math.floor(next() * 2));
      }
      const got = lib.decodeBase64(kernels, text);
      const expected = lib.decodeBase64Kernel(kernels, text);
      const same = got === undefined || expected === undefined ? got === expected : got.length === expected.length && got.every((v, i) => v === expected[i]);
      if (got !== undefined) accepted++;
      if (!same) differences.push({ backend, text: JSON.stringify(text.slice(-12)), length: text.length, got: got && got.length, expected: expected && expected.length });
    }
  }
  return { hasNative: typeof Uint8Array.prototype.setFromBase64 === 'function', accepted, differences };
})()`;

/** The page's read of each file, with the cut and without: the Asset's sizes or the error. */
const READS = `((files) => {
  const lib = window.lib;
  const outcome = (bytes, kernels) => {
    try {
      const asset = lib.gltfFormat.parseSync(bytes, { kernels });
      return JSON.stringify(asset.meshes.map((m) => [m.name, m.vertexCount, Array.from(m.indices ?? []).slice(0, 64)]));
    } catch (e) {
      return [e.code, e.offset, e.message].join(' | ');
    }
  };
  const results = [];
  for (const backend of ['wasm-simd', 'wasm-scalar', 'js']) {
    const kernels = lib.createKernelsSync(backend);
    for (const [name, text] of Object.entries(files)) {
      const bytes = new TextEncoder().encode(text);
      const cut = outcome(bytes, kernels);
      const saved = lib.JSON_TEXT_DEFAULTS.cutMinChars;
      lib.JSON_TEXT_DEFAULTS.cutMinChars = Infinity;
      const whole = outcome(bytes, kernels);
      lib.JSON_TEXT_DEFAULTS.cutMinChars = saved;
      results.push({ backend, name, cut, whole });
    }
  }
  return results;
})`;

let session: ChromiumSession | undefined;
let code = '';

describe.skipIf(missing !== '')('review 7b: base64 and the cut parse in Chromium', () => {
  beforeAll(async () => {
    const entry = [
      `export { createKernelsSync } from './bindings/index.ts';`,
      `export { decodeBase64, decodeBase64Kernel } from './bindings/formats/gltf/base64.ts';`,
      `export { gltfFormat } from './bindings/formats/gltf/gltf-format.ts';`,
      `export { JSON_TEXT_DEFAULTS } from './bindings/formats/gltf/json-text.ts';`,
    ].join('\n');
    const bundle = await build({ stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' }, bundle: true, format: 'esm', write: false, platform: 'browser', logLevel: 'error' });
    code = bundle.outputFiles[0]!.text.replace(/export\s*\{([^}]*)\};?\s*$/, (_, names: string) => `window.lib = {${names.replace(/(\w+) as (\w+)/g, '$2: $1')}};`);
    session = await launchChromium();
  });
  afterAll(async () => {
    await session?.close();
  });

  async function page() {
    const p = await session!.context.newPage();
    await p.goto('about:blank');
    await p.addScriptTag({ type: 'module', content: code });
    await p.waitForFunction('window.lib !== undefined');
    return p;
  }

  it('decodes randomly edited base64 as the kernel does (bytes or refusal), on every backend', async () => {
    const p = await page();
    const { hasNative, accepted, differences } = (await p.evaluate(FUZZ)) as { hasNative: boolean; accepted: number; differences: unknown[] };
    expect(hasNative).toBe(true);
    expect(differences).toEqual([]);
    // Both kinds of answer were met (the edits leave some texts canonical).
    expect(accepted).toBeGreaterThan(50);
    expect(accepted).toBeLessThan(900);
    await p.close();
  });

  it('reads embedded .gltf files the same with the cut as without', async () => {
    const tube = new TextDecoder().decode(gltfFormat.encodeSync(tubeAsset({ rings: 60, segments: 40, frames: 2 })));
    const payload = /;base64,([^"]*)"/.exec(tube)![1]!;
    expect(payload.length).toBeGreaterThan(16384);
    const tab = `${payload.slice(0, 100)}\t${payload.slice(101)}`;
    const files: Record<string, string> = {
      'the tube': tube,
      'the tube, a space in its payload': tube.replace(payload, `${payload.slice(0, 100)} ${payload.slice(100)}`),
      'the tube, byteLength 0 and a raw tab in its payload': tube.replace(payload, tab).replace(/("uri": ?"data:[^"]*",\s*"byteLength": ?)\d+/, (_, head: string) => `${head}0`),
      'the tube, glTF 3.0 and a bad escape in its payload': tube.replace(payload, `${payload.slice(0, 100)}\\q${payload.slice(102)}`).replace(/"version": ?"2.0"/, '"version": "3.0"'),
      'the tube, a raw tab in its payload': tube.replace(payload, tab),
    };
    expect(files['the tube, byteLength 0 and a raw tab in its payload']).toMatch(/"byteLength": ?0\b/);
    expect(files['the tube, glTF 3.0 and a bad escape in its payload']).toMatch(/"version": ?"3\.0"/);
    const p = await page();
    const results = (await p.evaluate(`${READS}(${JSON.stringify(files)})`)) as { backend: string; name: string; cut: string; whole: string }[];
    expect(results.length).toBe(15);
    for (const r of results) expect(r.cut, `${r.backend} ${r.name}`).toBe(r.whole);
    expect(results.find((r) => r.name === 'the tube')!.cut).toMatch(/^\[\[/);
    await p.close();
  });
});

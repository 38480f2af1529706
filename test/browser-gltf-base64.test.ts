// An embedded .gltf's base64 in a browser (base64.ts decodeBase64): where the browser has
// Uint8Array.prototype.setFromBase64 (Chromium 140 on) and no Node Buffer, text from
// BASE64_BUFFER_MIN_CHARS on is decoded natively and kept only when the native decoder wrote as
// many bytes as the text gives without whitespace; anything else goes to the kernel. Run in
// Debian's Chromium with base64.ts and the kernels bundled by esbuild (no dist build needed):
// for canonical text, text without padding, with stray bits in the last character, with
// whitespace, base64url characters, '=' inside, non-ASCII characters and lengths of 4n + 1, the
// answer (bytes or undefined) must be the kernel's on every backend, and the canonical texts must
// have taken the native decoder. Skips with a message without Chromium, except in CI.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSkipReason, launchChromium, type ChromiumSession } from './helpers/chromium.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const missing = browserSkipReason('glTF base64 browser test', []);

/** The page's check, as text (a function passed to page.evaluate would carry tsx's __name calls). */
const CHECK = `(async () => {
  const native = Uint8Array.prototype.setFromBase64;
  let nativeCalls = 0;
  const lib = window.lib;
  const results = [];
  const base = new Uint8Array(9000);
  for (let i = 0; i < base.length; i++) base[i] = (i * 2654435761) >>> 24;
  const canonical = base.toBase64();
  const texts = {
    canonical,
    'canonical, 1 byte more': new Uint8Array([...base, 7]).toBase64(),
    'canonical, 2 bytes more': new Uint8Array([...base, 7, 9]).toBase64(),
    'no padding': new Uint8Array([...base, 7]).toBase64().replace(/=+$/, ''),
    'stray bits': canonical.slice(0, -1) + 'B',
    'stray bits, padded': new Uint8Array([...base, 7]).toBase64().replace(/.==$/, 'R=='),
    'a space inside': canonical.slice(0, 100) + ' ' + canonical.slice(101),
    'a newline added': canonical.slice(0, 100) + '\\n' + canonical.slice(100),
    'four spaces added': canonical.slice(0, 100) + '    ' + canonical.slice(100),
    'whitespace at the end': canonical + '  ',
    'base64url': canonical.replace(/\\+/g, '-').replace(/\\//g, '_'),
    '= inside': canonical.slice(0, 100) + '=' + canonical.slice(101),
    'non-ASCII': canonical.slice(0, 100) + 'é' + canonical.slice(101),
    'length 4n + 1': canonical + 'A',
    'padding on a whole group': canonical + '====',
    'three = at the end': new Uint8Array([...base, 7]).toBase64() + '=',
  };
  for (const backend of ['wasm-simd', 'wasm-scalar', 'js']) {
    const kernels = lib.createKernelsSync(backend);
    for (const [name, text] of Object.entries(texts)) {
      const before = window.nativeCalls;
      const got = lib.decodeBase64(kernels, text);
      const expected = lib.decodeBase64Kernel(kernels, text);
      const same = got === undefined || expected === undefined ? got === expected : got.length === expected.length && got.every((v, i) => v === expected[i]);
      results.push({ backend, name, same, accepted: got !== undefined, native: window.nativeCalls > before, length: text.length });
    }
  }
  return { hasNative: typeof native === 'function', results };
})()`;

let session: ChromiumSession | undefined;
let code = '';

describe.skipIf(missing !== '')('embedded .gltf base64 in Chromium', () => {
  beforeAll(async () => {
    const entry = `export { createKernelsSync } from './bindings/index.ts';\nexport { decodeBase64, decodeBase64Kernel } from './bindings/formats/gltf/base64.ts';\n`;
    const bundle = await build({ stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' }, bundle: true, format: 'esm', write: false, platform: 'browser', logLevel: 'error' });
    code = bundle.outputFiles[0]!.text.replace(/export\s*\{([^}]*)\};?\s*$/, (_, names: string) => `window.lib = {${names.replace(/(\w+) as (\w+)/g, '$2: $1')}};`);
    session = await launchChromium();
  });
  afterAll(async () => {
    await session?.close();
  });

  it("decodes as the kernel does, natively where the text is base64 without whitespace", async () => {
    const page = await session!.context.newPage();
    await page.goto('about:blank');
    // Counts the native decoder's calls: wrapped before the module captures it.
    await page.evaluate(`(() => { window.nativeCalls = 0; const f = Uint8Array.prototype.setFromBase64; if (f) Uint8Array.prototype.setFromBase64 = function (...args) { window.nativeCalls++; return f.apply(this, args); }; })()`);
    await page.addScriptTag({ type: 'module', content: code });
    await page.waitForFunction('window.lib !== undefined');
    const { hasNative, results } = (await page.evaluate(CHECK)) as { hasNative: boolean; results: { backend: string; name: string; same: boolean; accepted: boolean; native: boolean; length: number }[] };
    expect(hasNative).toBe(true);
    for (const r of results) expect(r.same, `${r.backend} ${r.name}`).toBe(true);
    const byName = (name: string) => results.filter((r) => r.name === name);
    // Canonical text and text the kernel reads the same way: decoded natively.
    for (const name of ['canonical', 'canonical, 1 byte more', 'canonical, 2 bytes more', 'no padding', 'stray bits', 'stray bits, padded']) {
      for (const r of byName(name)) expect([r.accepted, r.native], `${r.backend} ${name}`).toEqual([true, true]);
    }
    // Text the kernel refuses: refused, whatever the native decoder made of it.
    for (const name of ['a space inside', 'a newline added', 'four spaces added', 'whitespace at the end', 'base64url', '= inside', 'non-ASCII', 'length 4n + 1', 'padding on a whole group', 'three = at the end']) {
      for (const r of byName(name)) expect(r.accepted, `${r.backend} ${name}`).toBe(false);
    }
    await page.close();
  });
});

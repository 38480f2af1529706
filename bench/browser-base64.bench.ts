// Base64 of an embedded .gltf buffer in a browser (Debian's Chromium, headless, through
// playwright-core): bindings/formats/gltf/base64.ts bundled by esbuild with the library's kernels,
// timed in the page, interleaved. Decode: decodeBase64 (Uint8Array.prototype.setFromBase64 where
// the browser has it) against decodeBase64Kernel (the wasm-simd kernel, the browser path before);
// encode: encodeBase64Into (the loop in a browser) against the native Uint8Array.prototype.toBase64
// with its text written by TextEncoder.encodeInto (measured, not taken: slower). The speed bar's
// 0.96 MB buffer size and the door's 29 kB. Chromium's clock is coarse (100 µs steps without
// cross-origin isolation): each sample is a batch of calls, and the medians come in steps. Run: npx tsx bench/browser-base64.bench.ts [--seconds 2]
import { build } from 'esbuild';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test/helpers/chromium.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const here = fileURLToPath(new URL('..', import.meta.url));
const entry = `
export { createKernelsSync } from './bindings/index.ts';
export { decodeBase64, decodeBase64Kernel, encodeBase64Into, encodeBase64Loop, base64Length } from './bindings/formats/gltf/base64.ts';
`;
const bundle = await build({ stdin: { contents: entry, resolveDir: here, loader: 'ts' }, bundle: true, format: 'esm', write: false, platform: 'browser', logLevel: 'error' });
const code = bundle.outputFiles[0]!.text;

const session = await launchChromium();
try {
  const page = await session.context.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ type: 'module', content: `${code.replace(/export\s*\{([^}]*)\};?\s*$/, (_, names: string) => `window.lib = {${names.replace(/(\w+) as (\w+)/g, '$2: $1')}};`)}` });
  await page.waitForFunction(() => (window as unknown as { lib?: unknown }).lib !== undefined);
  // The page's code as text: tsx would name the functions of a passed closure through its own __name helper, which the page lacks.
  const rows = (await page.evaluate(`(async (seconds) => {
    const lib = window.lib;
    const kernels = lib.createKernelsSync('wasm-simd');
    const native = typeof Uint8Array.prototype.setFromBase64 === 'function';
    const out = [\`native Uint8Array.prototype.setFromBase64: \${native}; \${navigator.userAgent}\`];
    for (const size of [918440, 29252]) {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
      const length = lib.base64Length(size);
      const target = new Uint8Array(length);
      lib.encodeBase64Loop(bytes, target, 0);
      const text = new TextDecoder().decode(target);
      const same = (b) => { if (b.length !== size || !b.every((v, i) => v === bytes[i])) throw new Error('decode differs'); };
      same(lib.decodeBase64(kernels, text));
      same(lib.decodeBase64Kernel(kernels, text));
      const runs = {
        'decode: decodeBase64 (native setFromBase64)': () => lib.decodeBase64(kernels, text),
        'decode: the kernel (before)': () => lib.decodeBase64Kernel(kernels, text),
        'encode: encodeBase64Into (the loop)': () => lib.encodeBase64Into(bytes, target, 0),
        'encode: native toBase64 + encodeInto (not taken)': () => new TextEncoder().encodeInto(bytes.toBase64(), target),
      };
      const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
      const inner = size > 1e5 ? 2 : 40;
      for (const end = performance.now() + 500; performance.now() < end; ) for (const k in runs) runs[k]();
      for (const end = performance.now() + seconds * 1000; performance.now() < end; ) {
        for (const k in runs) {
          const t = performance.now();
          for (let i = 0; i < inner; i++) runs[k]();
          times[k].push(((performance.now() - t) / inner) * 1000);
        }
      }
      const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
      for (const k in times) out.push(\`\${size} bytes, \${k}: \${med(times[k]).toFixed(1)} µs (median of \${times[k].length})\`);
    }
    return out;
})(${Number(values.seconds)})`)) as string[];
  for (const row of rows) console.log(row);
} finally {
  await session.close();
}

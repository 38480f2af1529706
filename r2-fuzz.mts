import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { createKernelsSync } from './bindings/index.ts';
import { formatByExtension } from './bindings/formats/registry.ts';
const files: string[] = [];
const walk = (d: string) => { for (const e of readdirSync(d)) { const p = join(d, e); if (statSync(p).isDirectory()) walk(p); else files.push(p); } };
walk('/work/shared/corpus');
let seed = Number(process.argv[2] ?? 1);
const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 32; };
const kernelsBy = { 'wasm-simd': createKernelsSync('wasm-simd'), js: createKernelsSync('js') };
const seen = new Set<string>();
let runs = 0;
const t0 = Date.now();
while (Date.now() - t0 < Number(process.argv[3] ?? 60) * 1000) {
  const f = files[Math.floor(rnd() * files.length)]!;
  const h = formatByExtension(extname(f).toLowerCase()) as any;
  if (!h || f.endsWith('.blob') || statSync(f).size > 400000) continue;
  const orig = new Uint8Array(readFileSync(f));
  const bytes = orig.slice();
  const mode = Math.floor(rnd() * 3);
  let desc = '';
  if (mode === 0) { const n = 1 + Math.floor(rnd() * 8); for (let i = 0; i < n; i++) { const at = Math.floor(rnd() * bytes.length); bytes[at] = Math.floor(rnd() * 256); } desc = `flip${n}`; }
  else if (mode === 1) { const at = Math.floor(rnd() * bytes.length); const v = [0, 0xff, 0x7f, 0x80][Math.floor(rnd() * 4)]!; for (let i = 0; i < 4 && at + i < bytes.length; i++) bytes[at + i] = v; desc = `word@${at}=${v}`; }
  const input = mode === 2 ? bytes.subarray(0, Math.floor(rnd() * bytes.length)) : bytes;
  const companion = (name: string) => { try { return new Uint8Array(readFileSync(join(f, '..', name))); } catch { return undefined; } };
  for (const [b, kernels] of Object.entries(kernelsBy)) {
    runs++;
    const start = Date.now();
    try { h.parseSync(input.slice(), { kernels, fileName: f.split('/').pop(), resolve: companion }); }
    catch (e: any) {
      if (e?.name !== 'MeshFormatError' || e.code === 'INTERNAL') {
        const key = `${f.split('/').pop()} ${e?.name} ${e?.code} ${String(e?.message).slice(0, 80)}`;
        if (!seen.has(key)) { seen.add(key); console.log('BAD', b, key, desc || `trunc ${input.length}`); }
      }
    }
    if (Date.now() - start > 2000) console.log('SLOW', b, f, Date.now() - start);
  }
}
console.log('runs', runs);

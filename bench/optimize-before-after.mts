// The optimized GLB writer (`--optimize`) of this tree against another's, interleaved in one
// process (CPU time, medians over batches of 20): each tree encodes every corpus input a few times first (as optimize-encode.bench.ts's
// full runs warm a process on other files), then the chosen inputs alternate, medians (and the lowest batch) in µs.
// The before tree: `git archive <commit> | tar -x -C DIR`, node_modules linked, the generated
// wasm-binaries.generated.ts copied in.
// Run: npx tsx bench/optimize-before-after.mts DIR [--only a,b] [--seconds 3]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { only: { type: 'string', default: 'untitled,editor_viewcube' }, seconds: { type: 'string', default: '3' } } });
const trees = { before: await import(`${positionals[0]}/bindings/index.ts`), after: await import(`${here}/bindings/index.ts`) };
await trees.before.initMeshopt();
await trees.after.initMeshopt();
const CORPUS = process.env.MESHCODEC_CORPUS ?? join(here, '../shared/corpus');
const OPTIMIZE = { quantize: true, compress: 'meshopt', textures: 'embed' };
type Side = 'before' | 'after';
const inputs: { name: string; run: Record<Side, () => Uint8Array> }[] = [];
for (const folder of readdirSync(CORPUS).sort()) {
  const dir = join(CORPUS, folder);
  if (!statSync(dir).isDirectory()) continue;
  for (const name of readdirSync(dir).sort()) {
    if (/\.(blob|obj|md)$/.test(name) || name === 'Box47.mesh') continue;
    const path = join(dir, name);
    const bytes = new Uint8Array(readFileSync(path));
    const resolve = (n: string) => { try { return new Uint8Array(readFileSync(join(dirname(path), n))); } catch { return undefined; } };
    const run = {} as Record<Side, () => Uint8Array>;
    try {
      for (const side of ['before', 'after'] as Side[]) {
        const t = trees[side];
        const asset = t.detectFormat(bytes, path)!.parseSync(bytes, { fileName: path, resolve });
        if (!asset.meshes.length) throw new Error('no mesh');
        const warnings = asset.warnings.length;
        run[side] = () => { asset.warnings.length = warnings; return t.glbFormat.encodeSync(asset, OPTIMIZE); };
      }
    } catch { continue; }
    inputs.push({ name, run });
  }
}
for (let r = 0; r < 30; r++) for (const i of inputs) { i.run.before(); i.run.after(); }
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log('| input | bytes before → after | before µs | after µs | before ÷ after |\n|---|---|---|---|---|');
for (const only of values.only!.split(',')) {
  const input = inputs.find((i) => i.name.includes(only));
  if (!input) continue;
  const t: Record<Side, number[]> = { before: [], after: [] };
  const end = performance.now() + Number(values.seconds) * 1000;
  for (let k = 0; performance.now() < end; k++) {
    for (const side of (k % 2 ? ['before', 'after'] : ['after', 'before']) as Side[]) {
      // CPU time of this process (the machine is shared: wall time counts the other processes' turns).
      const c0 = process.cpuUsage();
      for (let j = 0; j < 20; j++) input.run[side]();
      const c = process.cpuUsage(c0);
      t[side].push((c.user + c.system) / 20);
    }
  }
  const b = med(t.before), a = med(t.after);
  // The lowest batch too: on a loaded machine other processes only ever add to a batch's time.
  const bl = Math.min(...t.before), al = Math.min(...t.after);
  console.log(`| ${input.name} | ${input.run.before().length} → ${input.run.after().length} | ${b.toFixed(1)} (lowest ${bl.toFixed(1)}) | ${a.toFixed(1)} (lowest ${al.toFixed(1)}) | ${(b / a).toFixed(3)} (lowest ${(bl / al).toFixed(3)}) |`);
}

// Many encodes of one speed-bar Asset (default backend), for `node --cpu-prof`:
// npx tsx bench/encode-profile.ts FORMAT [mrfixit|door] [SECONDS]
import { performance } from 'node:perf_hooks';
import { FORMATS } from '../bindings/formats/registry.js';
import { createKernelsSync } from '../bindings/index.js';
import { speedBarInput, type SpeedBar } from './speed-bar-input.js';

const [name = 'iqm', bar = 'mrfixit', seconds = '4'] = process.argv.slice(2);
const format = FORMATS.find((f) => f.name === name)!;
const input = speedBarInput(format, bar as SpeedBar);
const asset = format.parseSync(input.files[0]!.bytes, { fileName: input.name, resolve: input.resolve, ...(process.env.PARSE_JS ? { kernels: createKernelsSync('js') } : {}) });
const encode = () => (format.encodeFiles ? format.encodeFiles(asset, input.name) : format.encodeSync(asset));
let n = 0;
const start = performance.now();
while (performance.now() - start < Number(seconds) * 1000) {
  encode();
  n++;
}
console.log(`${name} ${bar} ${input.size} bytes: ${n} encodes, ${((performance.now() - start) / n).toFixed(3)} ms each`);

// Non-finite and extreme float32 values written into the float arrays the format's reader read
// (see trace-reads.ts): NaNs with payloads (quiet and signalling, both signs), ±inf, the largest
// finite values, denormals, −0. These steer backend parity (NaN payloads through WebAssembly
// and JavaScript) and what writers do with values their formats forbid.
import { choose, pick, type Mutator } from './mutator.js';
import { traceReads, type ReadTrace } from './trace-reads.js';

export const HOSTILE_FLOAT_BITS = [0x7fc00000, 0x7fc00001, 0xffc00000, 0x7f800001, 0xff800001, 0x7fbfffff, 0x7f800000, 0xff800000, 0x7f7fffff, 0xff7fffff, 0x00000001, 0x80000000, 0x4b800000, 0x5f000000];

const traces = new WeakMap<Uint8Array, ReadTrace>();

export const hostileFloats: Mutator = {
  name: 'hostile-floats',
  formats: ['unigine', 'iqm', 'ms2'],
  mutate(input, next) {
    const isMain = input.file === input.seed.name.slice(input.seed.name.lastIndexOf('/') + 1);
    if (!isMain) return undefined;
    let trace = traces.get(input.bytes);
    if (!trace) traces.set(input.bytes, (trace = traceReads(input.handler, input.bytes, { fileName: input.file })));
    // Spans of 4 bytes or more: float arrays first, else any data the reader took in bulk (IQM vertex arrays go to kernels as bytes).
    const floats = trace.spans.filter((s) => s.float && s.byteLength >= 4);
    const spans = floats.length && next() < 0.8 ? floats : trace.spans.filter((s) => s.byteLength >= 4);
    if (!spans.length) return undefined;
    const out = input.bytes.slice();
    const view = new DataView(out.buffer);
    for (let edits = 1 + pick(next, 4); edits > 0; edits--) {
      const span = choose(next, spans);
      const at = span.offset + 4 * pick(next, Math.floor(span.byteLength / 4));
      if (at + 4 <= out.length) view.setUint32(at, choose(next, HOSTILE_FLOAT_BITS), true);
    }
    return out;
  },
};

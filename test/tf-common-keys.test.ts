// The plain scan takes keys TF descriptors use as interned strings (numeric-tables.ts,
// commonKey): a key of the same length and the same first and last characters as one of them,
// but another name, must still be read as itself, by the scan as by luaparse.
import { describe, expect, it } from 'vitest';
import { evaluateLuaData, type LuaValue } from '../bindings/formats/tf/index.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const plain = (v: LuaValue): unknown => (typeof v === 'object' && v !== null ? { items: v.items.map(plain), fields: [...v.fields].map(([k, f]) => [k, plain(f)]) } : v);

describe('common keys in the plain scan', () => {
  it('near-misses of the common keys are read as written', () => {
    const keys = ['count', 'cxunt', 'coumt', 'offset', 'oxxxxt', 'numComp', 'numCxmp', 'uv0', 'uv9', 'ux0', 'time', 'type', 'tame', 'tyme', 'name', 'nome', 'rot', 'rat', 'position', 'pXsition', 'positioN', 'transl', 'trxnsl', 'times', 'timxs'];
    // Each key in a table of its own, so that no key given twice sends the text the full way.
    const text = `function data() return { ${keys.map((k, i) => `{ ${k} = ${i}, },`).join(' ')} } end`;
    const scanned = evaluateLuaData(bytes(text));
    expect(scanned.items.map((t) => [...(t as { fields: Map<string, unknown> }).fields.keys()][0])).toEqual(keys);
    expect(plain(scanned)).toEqual(plain(evaluateLuaData(bytes(text), { numberTables: false })));
  });
});

// Hand-built Assets that are wrong in one place, for validateAsset: every value of four valid
// Assets (the tube; the tube with colours, extras, morph targets and a textured material; the tube
// without a skeleton; the tube read back from IQM, whose key values lie end to end) replaced in turn by values of other types, lengths and contents, keys
// deleted, arrays made sparse or longer, typed-array elements set to NaN, ±Infinity or past
// their range. Each case's outcome (accepted, or the error's code, format, path and message) is
// recorded once from a tree before a change to validateAsset (record-errors.ts → errors.json),
// and test/validate-asset-errors.test.ts checks every case gives it again on every backend.
import { validateAsset } from '../../bindings/model/validate-asset.js';
import { createKernelsSync, iqmFormat, MeshFormatError, type Asset, type Kernels } from '../../bindings/index.js';
import { tubeAsset } from '../../fixtures/tube-asset.js';

export interface ValidateCase {
  id: string;
  make: () => Asset;
}

type Base = [string, () => Asset];

/** The tube with every optional part an Asset can have. */
function fullTube(): Asset {
  const asset = tubeAsset({ rings: 3, segments: 4, frames: 4 });
  const mesh = asset.meshes[0]!;
  const n = mesh.attributes.positions.length / 3;
  mesh.attributes.colors = new Float32Array(n * 4).fill(0.5);
  mesh.attributes.uvs = [...(mesh.attributes.uvs ?? []), new Float32Array(n * 2)];
  mesh.extras = { heat: { components: 1, data: new Float32Array(n) }, wind: { components: 3, data: new Float32Array(n * 3) } };
  mesh.targets = [{ name: 'bulge', positions: new Float32Array(n * 3), normals: new Float32Array(n * 3) }];
  mesh.material = 'skin';
  asset.materials = [{ name: 'skin', baseColorTexture: { uri: 'skin.png', mimeType: 'image/png', bytes: new Uint8Array(4) } }, { name: 'bone' }];
  asset.meshes.push({ name: 'second', attributes: { positions: new Float32Array(9) }, indices: new Uint8Array([0, 1, 2]) });
  return asset;
}

/**
 * The tube written to IQM and read back: its tracks' key values are views of one block, end to
 * end (validateAsset scans them as one run), 2 × 130 keys × 10 floats (past the run length at
 * which the kernel scans them).
 */
function iqmTube(): Asset {
  if (!iqmTubeBytes) iqmTubeBytes = iqmFormat.encodeSync(tubeAsset({ rings: 3, segments: 4, frames: 130 }), { kernels: createKernelsSync('js') });
  return iqmFormat.parseSync(iqmTubeBytes, { kernels: createKernelsSync('js') });
}
let iqmTubeBytes: Uint8Array | undefined;

const BASES: Base[] = [
  ['tube', () => tubeAsset({ rings: 3, segments: 4, frames: 4 })],
  ['full', fullTube],
  ['unskinned', () => ({ ...tubeAsset({ rings: 3, segments: 4, frames: 4 }), skeleton: undefined })],
  ['iqm', iqmTube],
];

/** Values of other kinds to put anywhere. */
const REPLACEMENTS: [string, () => unknown][] = [
  ['undefined', () => undefined],
  ['null', () => null],
  ['0', () => 0],
  ['-1', () => -1],
  ['1.5', () => 1.5],
  ['NaN', () => NaN],
  ['Infinity', () => Infinity],
  ['1e308', () => 1e308],
  ['70000', () => 70000],
  ['true', () => true],
  ["'x'", () => 'x'],
  ['long string', () => 'a string of more than forty characters, cut in messages'],
  ['[]', () => []],
  ['[1,2,3]', () => [1, 2, 3]],
  ['[1,2,3,4]', () => [1, 2, 3, 4]],
  ["['a']", () => ['a']],
  ['{}', () => ({})],
  ['Float32Array(0)', () => new Float32Array(0)],
  ['Float32Array(3)', () => new Float32Array(3)],
  ['Float64Array(3)', () => new Float64Array(3)],
  ['Float64Array(4)', () => new Float64Array(4)],
  ['Uint8Array(3)', () => new Uint8Array(3)],
  ['Uint16Array(4)', () => new Uint16Array(4)],
  ['Uint32Array(3)', () => new Uint32Array(3)],
  ['Int32Array(3)', () => new Int32Array(3)],
  ['function', () => () => 0],
];

const ELEMENT_VALUES: [string, number][] = [['NaN', NaN], ['-Infinity', -Infinity], ['-1', -1], ['256', 256], ['65535', 65535], ['3', 3]];

type Step = string | number;

function at(root: unknown, path: Step[]): unknown {
  let value = root;
  for (const step of path) value = (value as Record<Step, unknown>)[step];
  return value;
}

function label(path: Step[]): string {
  return path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('');
}

/** Every path under `value` to an object, array, typed array or primitive (typed arrays are leaves). */
function paths(value: unknown, prefix: Step[], out: Step[][]): Step[][] {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return out;
  const keys: Step[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  for (const key of keys) {
    const path = [...prefix, key];
    out.push(path);
    paths((value as Record<Step, unknown>)[key], path, out);
  }
  return out;
}

/** `make`'s Asset with `change` applied to the value at `path` (given its container and key). */
function mutated(make: () => Asset, path: Step[], change: (container: any, key: Step) => void): () => Asset {
  return () => {
    const asset = make();
    change(at(asset, path.slice(0, -1)), path[path.length - 1]!);
    return asset;
  };
}

export function validateCases(): ValidateCase[] {
  const cases: ValidateCase[] = [];
  for (const [baseName, make] of BASES) {
    cases.push({ id: `${baseName}: as it is`, make });
    cases.push({ id: `${baseName}: the Asset null`, make: () => null as unknown as Asset });
    cases.push({ id: `${baseName}: the Asset an array`, make: () => [] as unknown as Asset });
    for (const path of paths(make(), [], [])) {
      const name = `${baseName}: ${label(path)}`;
      const original = at(make(), path);
      for (const [what, value] of REPLACEMENTS) cases.push({ id: `${name} = ${what}`, make: mutated(make, path, (c, k) => { c[k] = value(); }) });
      cases.push({ id: `${name} deleted`, make: mutated(make, path, (c, k) => { delete c[k]; }) });
      if (Array.isArray(original)) {
        if (original.length) cases.push({ id: `${name} with a hole`, make: mutated(make, path, (c, k) => { delete c[k][c[k].length - 1]; }) });
        if (original.length) cases.push({ id: `${name} first doubled`, make: mutated(make, path, (c, k) => { c[k].push(c[k][0]); }) });
        cases.push({ id: `${name} past its end`, make: mutated(make, path, (c, k) => { c[k].length += 2; }) });
      }
      if (ArrayBuffer.isView(original)) {
        const array = original as unknown as { length: number; constructor: new (n: number) => unknown };
        cases.push({ id: `${name} one short`, make: mutated(make, path, (c, k) => { c[k] = c[k].subarray(1); }) });
        cases.push({ id: `${name} one long`, make: mutated(make, path, (c, k) => { const longer = new c[k].constructor(c[k].length + 1); longer.set(c[k]); c[k] = longer; }) });
        for (const index of new Set([0, array.length - 1])) {
          if (index < 0) continue;
          for (const [what, v] of ELEMENT_VALUES) cases.push({ id: `${name}[${index}] = ${what}`, make: mutated(make, path, (c, k) => { c[k][index] = v; }) });
        }
        if (array.length > 1) cases.push({ id: `${name} reversed`, make: mutated(make, path, (c, k) => { c[k].reverse(); }) });
      }
    }
  }
  return cases;
}

/** What validateAsset does with a case: 'accepted', the MeshFormatError's code, format, path and detail, or another throw named. */
export function validateOutcome(c: ValidateCase, kernels: Kernels): unknown {
  try {
    validateAsset(c.make(), kernels);
    return 'accepted';
  } catch (error) {
    // The message is `${format}: ${path}: ${detail}`: kept as its parts.
    if (error instanceof MeshFormatError) return error.message === `${error.format}: ${error.path}: ${error.detail}` ? [error.code, error.format, error.path, error.detail] : [error.code, error.message];
    return { threw: (error as Error).name, message: (error as Error).message };
  }
}

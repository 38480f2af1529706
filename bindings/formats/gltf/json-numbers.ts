// glTF JSON numbers printed with as few digits as read back to the same float32.
//
// glTF's floats (node TRS and matrices, accessor min/max, material factors, texture transforms)
// are float32 values: readers keep them as float32, or use them in float64 where every decimal
// that reads back to the float32 gives the same float32 once stored. JSON.stringify prints a
// float32 held in a float64 with the float64's shortest digits, up to 17
// (-0.5000560283660889 for -0.500056f); the shortest decimal that reads back to the same float32
// is at most 9 digits. Each non-integer number that is float32-exact is replaced by the float64
// nearest that decimal (io/shortest-float32.ts), which JSON.stringify then prints with those
// digits: no custom serializer. Numbers that are not float32-exact (a float64 in `extras`,
// written as given) and integers are left as they are; `extras` is not walked at all, its numbers
// are the application's, at whatever precision it meant.
//
// Alternatives: a JSON printer of its own (the same digits, and a second serializer to keep
// right); toPrecision(9) (always 9 digits: 0.1f printed 0.100000001). Measured with this file
// (optimized GLB, JSON chunk bytes before → after): actor_00.mesh 19,636 → 15,124, arm.mesh
// 32,684 → 29,420, raylib_guy.iqm 12,896 → 12,096, QBZ95_long.mesh 7,748 → 7,108; every corpus
// file 24–4,512 bytes smaller, none larger.
import { shortestDigits, shortestExponent, shortestFloat32 } from '../../io/shortest-float32.js';

/** `value`, or where it is a non-integer float32, the float64 nearest its shortest round-trip decimal. */
export function shortFloat32(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value) || Math.fround(value) !== value) return value;
  shortestFloat32(value);
  const short = decimalValue(value < 0, shortestDigits, shortestExponent);
  // Always true by shortestFloat32's contract; kept so that a value is never changed otherwise.
  return Math.fround(short) === value ? short : value;
}

/** 10^0 … 10^22: every one exact in a double. */
const EXACT_POWERS_OF_TEN = Float64Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * The double nearest ±digits × 10^exponent, as `Number` reads its decimal text. With at most 9
 * digits (below 2^53) and |exponent| ≤ 22 both factors are exact doubles, so one IEEE multiply
 * or divide rounds the exact value once, to the same nearest double (Clinger's fast path);
 * other exponents go through the text. The text for every key's number was 1.6 % of arm.mesh's
 * optimized encode (a string built and parsed per number).
 */
export function decimalValue(negative: boolean, digits: number, exponent: number): number {
  let value: number;
  if (digits < 2 ** 53 && exponent >= 0 && exponent <= 22) value = digits * EXACT_POWERS_OF_TEN[exponent]!;
  else if (digits < 2 ** 53 && exponent < 0 && exponent >= -22) value = digits / EXACT_POWERS_OF_TEN[-exponent]!;
  else value = Number(`${digits}e${exponent}`);
  return negative ? -value : value;
}

/**
 * `value`, or where it is a non-integer float32, the float64 nearest its 9-digit decimal (which
 * reads back to the same float32, and lies closer to it than the shortest one).
 */
export function nineDigitFloat32(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value) || Math.fround(value) !== value) return value;
  const nine = Number(value.toPrecision(9));
  return Math.fround(nine) === value ? nine : value;
}

/**
 * Every number of `json` (objects and arrays, not `extras`) through shortFloat32, in place; the
 * TRS of a node that holds a mesh through nineDigitFloat32: with quantized positions it is the
 * dequantization, which a reader multiplies by up to 65,535 steps, and one that keeps it in
 * float64 decodes closer with the float32's 9 digits than with its shortest ones (as gltfpack
 * prints them: fps_plane.mesh's ±500 corners came back 3e-5 off at 14 bits with the shortest
 * scale, exactly with 9 digits). A few bytes per mesh.
 */
export function shortenJsonNumbers(json: unknown): void {
  const nodes = (json as { nodes?: unknown }).nodes;
  if (Array.isArray(nodes)) {
    // Mesh nodes repeat their values (one scale per axis, one grid over many meshes: 156 numbers,
    // 6 values in editor_viewcube.mesh), and each value's digits went through toPrecision's text
    // and Number's parse: each value once per call.
    const nine = new Map<number, number>();
    for (const node of nodes) {
      if (node === null || typeof node !== 'object' || (node as Record<string, unknown>).mesh === undefined) continue;
      for (const key of MESH_NODE_KEYS) {
        const values = (node as Record<string, unknown>)[key];
        if (Array.isArray(values)) (node as Record<string, unknown>)[key] = values.map((v) => (typeof v === 'number' ? nineDigitOnce(v, nine) : v));
      }
    }
  }
  shortenTopLevel(json);
}

/**
 * The document's top-level arrays through shortenWalk, but for those whose objects hold no number
 * glTF's schema makes other than an integer (views, buffers, scenes, skins, animations: indices,
 * lengths, counts and codes, which shortFloat32 leaves as they are), and of each accessor only
 * its min and max (its other numbers are integers too): the walk visited every property of every
 * accessor (130 in editor_viewcube.mesh: 4 % of its optimized encode).
 */
function shortenTopLevel(json: unknown): void {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    shortenWalk(json);
    return;
  }
  const object = json as Record<string, unknown>;
  for (const key in object) {
    if (key === 'extras' || INTEGER_ONLY.has(key)) continue;
    const v = object[key];
    if (key === 'accessors' && Array.isArray(v)) {
      for (const accessor of v) {
        if (accessor === null || typeof accessor !== 'object') continue;
        const a = accessor as Record<string, unknown>;
        if (a.min !== undefined) shortenWalk(a.min);
        if (a.max !== undefined) shortenWalk(a.max);
      }
    } else if (typeof v === 'number') object[key] = shortFloat32(v);
    else if (v !== null && typeof v === 'object') shortenWalk(v);
  }
}

/** Top-level arrays whose objects hold only integers (and strings, booleans, extras) by glTF's schema. */
const INTEGER_ONLY = new Set(['bufferViews', 'buffers', 'scenes', 'skins', 'animations']);

const MESH_NODE_KEYS = ['translation', 'scale', 'matrix'] as const;

/** nineDigitFloat32(value), looked up in `seen` first (integers, -0 among them, return before the lookup: Map keys take -0 for 0). */
function nineDigitOnce(value: number, seen: Map<number, number>): number {
  if (Number.isInteger(value)) return value;
  let nine = seen.get(value);
  if (nine === undefined) seen.set(value, (nine = nineDigitFloat32(value)));
  return nine;
}

function shortenWalk(json: unknown): void {
  if (Array.isArray(json)) {
    for (let i = 0; i < json.length; i++) {
      const v = json[i];
      if (typeof v === 'number') json[i] = shortFloat32(v);
      else if (v !== null && typeof v === 'object') shortenWalk(v);
    }
    return;
  }
  if (json === null || typeof json !== 'object' || ArrayBuffer.isView(json)) return;
  const object = json as Record<string, unknown>;
  const meshNode = object.mesh !== undefined;
  for (const key in object) {
    if (key === 'extras') continue;
    // A mesh node's TRS keeps its 9 digits (shortenJsonNumbers).
    if (meshNode && (key === 'translation' || key === 'scale' || key === 'matrix')) continue;
    const v = object[key];
    if (typeof v === 'number') object[key] = shortFloat32(v);
    else if (v !== null && typeof v === 'object') shortenWalk(v);
  }
}

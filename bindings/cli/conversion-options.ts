// The command line's conversion options: ONE table (CONVERSION_OPTIONS) of every reader and
// writer option the library has, with the formats that take each, and one table of the formats'
// conventions (FORMAT_CONVENTIONS). Both drive the CLI's flags, `convert --help` and the README's
// tables (`conversionOptionsMarkdown`, `conventionsMarkdown`; a test checks the README equals them).
//
// Alternatives considered: (1) a flag per format option (`--iqm-blend-weights`): no ambiguity, but
// 20 flags where 14 say the same; (2) a generic `--read-option k=v` / `--write-option k=v`: no
// table to keep, but no checking of names or values before a batch starts and nothing --help can
// list. The table costs one entry per option and gives both checks and documentation.
import type { FormatName } from '../formats/registry.js';

export type ConversionSide = 'read' | 'write';

/** What a flag's text becomes, or a sentence saying what it accepts. */
type Parse = (text: string) => unknown | { error: string };

/** Where one flag lands: the option `key` of the reader or writer of `formats`. */
export interface OptionTarget {
  side: ConversionSide;
  formats: readonly FormatName[];
  key: string;
  /** The flag's value for this option (default: the parsed value as it is). */
  map?: (value: unknown) => unknown;
}

export interface ConversionOption {
  /** The flag without its dashes. */
  flag: string;
  /** The value's form for --help (undefined: a switch that takes none). */
  arg?: string;
  parse: Parse;
  help: string;
  targets: readonly OptionTarget[];
}

const GLTF: readonly FormatName[] = ['gltf', 'glb'];

const positiveNumber: Parse = (text) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : { error: 'a positive number' };
};
const oneOf =
  (...values: string[]): Parse =>
  (text) =>
    values.includes(text) ? text : { error: values.join(' or ') };
const yesNo: Parse = (text) => (text === 'yes' ? true : text === 'no' ? false : { error: 'yes or no' });
const precision: Parse = (text) => (text === 'shortest' ? text : /^\d{1,2}$/.test(text) ? Number(text) : { error: "'shortest' or a number of fraction digits (0–99)" });
const switchOn: Parse = () => true;

const QUANTIZE_ATTRIBUTES = ['position', 'normal', 'tangent', 'uv', 'color', 'weight', 'rotation', 'translation'];
/** The bits each attribute takes on the command line (the writer checks the rest: rotation=8 is refused there). */
const quantizeBits = (key: string) => (key === 'rotation' ? ['16', '12', 'float'] : key === 'translation' ? ['24', '16', 'float'] : key === 'position' ? ['8', '14', '16', 'float'] : key === 'normal' || key === 'tangent' ? ['8', '16', 'oct8', 'float'] : key === 'uv' ? ['8', '12', '16', 'float'] : ['8', '16', 'float']);
/** `--quantize`: truncate or round (UNIGINE, MeshSerializer2), yes (glTF, default bits) or glTF bits per attribute, `position=16,normal=8,uv=float`. */
const quantizeFlag: Parse = (text) => {
  if (text === 'truncate' || text === 'round' || text === 'yes') return text;
  const bits: Record<string, number | 'float' | 'oct8'> = {};
  for (const part of text.split(',')) {
    const [key, value, extra] = part.split('=');
    if (extra !== undefined || !QUANTIZE_ATTRIBUTES.includes(key!) || !quantizeBits(key!).includes(value ?? '')) {
      return { error: `truncate, round, yes or bits per attribute (${QUANTIZE_ATTRIBUTES.map((a) => `${a}=${quantizeBits(a).join('|')}`).join(',')})` };
    }
    bits[key!] = value === 'float' || value === 'oct8' ? value : Number(value);
  }
  return bits;
};
/** The formats whose writers take 'truncate' or 'round' for `quantize`. */
const FIXED_POINT: readonly FormatName[] = ['unigine', 'ms2'];

/**
 * Every conversion and writer option of the library (the `*_DEFAULTS` of bindings/formats/*),
 * as command-line flags. Each flag sets the named option of every side (the source's reader, the
 * target's writer) whose format takes it; a flag that neither side of a conversion takes is a
 * usage error naming the formats that do. `--up-axis`, `--flip-v` and `--flip-winding` are
 * relative to the conventions the CLI applies by default (see FORMAT_CONVENTIONS).
 */
export const CONVERSION_OPTIONS: readonly ConversionOption[] = [
  {
    flag: 'up-axis',
    arg: 'y|z|keep',
    parse: oneOf('y', 'z', 'keep'),
    help: "the output's up axis (default: the target's own); keep: coordinates as the source has them",
    targets: [
      { side: 'read', formats: GLTF, key: 'upAxis', map: (v) => (v === 'z' ? 'z' : 'y') },
      { side: 'write', formats: GLTF, key: 'upAxis', map: (v) => (v === 'keep' ? 'keep' : v) },
    ],
  },
  {
    flag: 'flip-v',
    parse: switchOn,
    help: 'v → 1 − v once more than the conventions do',
    targets: [
      { side: 'write', formats: [...GLTF, 'tf'], key: 'flipV' },
      { side: 'read', formats: [...GLTF, 'tf'], key: 'flipV' },
    ],
  },
  {
    flag: 'flip-winding',
    parse: switchOn,
    help: 'reverse every triangle',
    targets: [
      { side: 'write', formats: GLTF, key: 'flipWinding' },
      { side: 'read', formats: GLTF, key: 'flipWinding' },
    ],
  },
  {
    flag: 'frame-rate',
    arg: 'FPS',
    parse: positiveNumber,
    help: 'frames per second for animations that store none (read), the rate UNIGINE animations are written at (write)',
    targets: [
      { side: 'read', formats: ['unigine', 'iqm', ...GLTF, 'tf', 'apg'], key: 'frameRate' },
      { side: 'write', formats: ['unigine'], key: 'frameRate' },
    ],
  },
  { flag: 'resample', arg: 'FPS', parse: positiveNumber, help: 'put every animation on this frame grid', targets: [{ side: 'read', formats: GLTF, key: 'resample' }] },
  {
    flag: 'max-expansion',
    arg: 'N',
    parse: positiveNumber,
    help: 'refuse files that would decode to more than N × their size',
    targets: [{ side: 'read', formats: ['iqm', ...GLTF, 'tf'], key: 'maxExpansion' }],
  },
  {
    flag: 'optimize',
    parse: switchOn,
    help: 'a small web-ready glTF: --quantize yes, --compress meshopt and --textures embed (any of them given as well wins)',
    targets: [
      { side: 'write', formats: GLTF, key: 'quantize', map: () => true },
      { side: 'write', formats: GLTF, key: 'compress', map: () => 'meshopt' },
      { side: 'write', formats: GLTF, key: 'textures', map: () => 'embed' },
    ],
  },
  {
    flag: 'quantize',
    arg: 'truncate|round|yes|BITS',
    parse: quantizeFlag,
    help: 'floats to fixed point: UNIGINE .anim frames, MeshSerializer2 positions and UVs (truncate or round); glTF through KHR_mesh_quantization (yes, or bits per attribute: position=16,normal=8,uv=float,…)',
    targets: [
      { side: 'write', formats: FIXED_POINT, key: 'quantize' },
      { side: 'write', formats: GLTF, key: 'quantize', map: (v) => (v === 'yes' ? true : v) },
    ],
  },
  {
    flag: 'compress',
    arg: 'meshopt|none',
    parse: oneOf('meshopt', 'none'),
    help: 'glTF: compress vertex, index and animation data with EXT_meshopt_compression (vertices reordered first)',
    targets: [{ side: 'write', formats: GLTF, key: 'compress' }],
  },
  {
    flag: 'prune-unread',
    parse: switchOn,
    help: 'glTF: leave out UV sets and tangents no written material reads (warned), as gltfpack does without -kv',
    targets: [{ side: 'write', formats: GLTF, key: 'pruneUnread' }],
  },
  {
    flag: 'merge-meshes',
    parse: switchOn,
    help: 'glTF: merge meshes of one material (as written: names aside) and attribute layout (no morph targets) into one (names and boundaries lost; warned)',
    targets: [{ side: 'write', formats: GLTF, key: 'mergeMeshes' }],
  },
  {
    flag: 'kind',
    arg: 'mesh|anim|msh|ani',
    parse: oneOf('mesh', 'anim', 'msh', 'ani'),
    help: 'the kind of file: UNIGINE mesh or anim, Transport Fever msh or ani (default: from the name, else the Asset)',
    targets: [
      { side: 'write', formats: ['unigine'], key: 'kind' },
      { side: 'write', formats: ['tf'], key: 'kind' },
    ],
  },
  { flag: 'blend-weights', arg: 'ubyte|float', parse: oneOf('ubyte', 'float'), help: 'IQM blend weight type', targets: [{ side: 'write', formats: ['iqm'], key: 'blendWeights' }] },
  { flag: 'colors', arg: 'ubyte|float', parse: oneOf('ubyte', 'float'), help: 'IQM colour type', targets: [{ side: 'write', formats: ['iqm'], key: 'colors' }] },
  {
    flag: 'precision',
    arg: 'shortest|N',
    parse: precision,
    help: 'apg numbers: shortest round-trip decimals, or N fraction digits (%.Nf)',
    targets: [{ side: 'write', formats: ['apg'], key: 'precision' }],
  },
  { flag: 'bounds', arg: 'tight|unity', parse: oneOf('tight', 'unity'), help: "MeshSerializer2 quantization bounds: the data's extent, or the original writer's", targets: [{ side: 'write', formats: ['ms2'], key: 'bounds' }] },
  { flag: 'tangents', arg: 'yes|no', parse: yesNo, help: 'MeshSerializer2: write tangents when the Asset has them', targets: [{ side: 'write', formats: ['ms2'], key: 'tangents' }] },
  { flag: 'embed-buffers', parse: switchOn, help: '.gltf: embed the buffer as a data: URI instead of a .bin', targets: [{ side: 'write', formats: ['gltf'], key: 'embedBuffers' }] },
  {
    flag: 'textures',
    arg: 'embed|uri|none',
    parse: oneOf('embed', 'uri', 'none'),
    help: "materials' base colour textures: embed the images (default; TGA as PNG), refer to them by file name, or leave them out",
    targets: [{ side: 'write', formats: GLTF, key: 'textures' }],
  },
];

/** Each format's own conventions, which a conversion writes unless told otherwise. */
export interface FormatConventions {
  /** The up axis its files use; null: not recorded. */
  upAxis: 'y' | 'z' | null;
  winding: string;
  vOrigin: string;
  /** How a conversion gets there. */
  how: string;
}

/** One row per registered format (a new format that is missing here does not compile). */
export const FORMAT_CONVENTIONS: Readonly<Record<FormatName, FormatConventions>> = {
  unigine: { upAxis: 'z', winding: 'counter-clockwise', vOrigin: 'top', how: 'a glTF source is read Z-up (`upAxis: \'z\'`); Z-up sources as they are' },
  iqm: { upAxis: 'z', winding: 'clockwise (reversed by reader and writer)', vOrigin: 'top', how: 'a glTF source is read Z-up (`upAxis: \'z\'`); Z-up sources as they are' },
  glb: { upAxis: 'y', winding: 'counter-clockwise', vOrigin: 'top', how: 'the writer turns a Z-up Asset Y-up' },
  gltf: { upAxis: 'y', winding: 'counter-clockwise', vOrigin: 'top', how: 'the writer turns a Z-up Asset Y-up' },
  tf: { upAxis: 'z', winding: 'counter-clockwise', vOrigin: 'bottom (`flipV` by reader and writer)', how: 'a glTF source is read Z-up (`upAxis: \'z\'`); Z-up sources as they are' },
  apg: { upAxis: null, winding: 'counter-clockwise', vOrigin: 'as stored', how: 'coordinates as the source has them' },
  ms2: {
    upAxis: 'y',
    winding: 'clockwise, left-handed (mirrored by reader and writer)',
    vOrigin: 'top',
    how: 'Y-up sources as they are; a Z-up source (UNIGINE, IQM, TF) is written unchanged with a warning: convert it to glb first, whose writer turns it Y-up',
  },
};

/** The parsed conversion flags of one run: flag → value (only those given). */
export type ConversionFlags = Readonly<Record<string, unknown>>;

export interface ResolvedConversion {
  read: Record<string, unknown>;
  write: Record<string, unknown>;
}

/** Whether `option` lands on a reader or writer of `format`. */
function takes(option: ConversionOption, side: ConversionSide, format: string): OptionTarget | undefined {
  return option.targets.find((t) => t.side === side && (t.formats as readonly string[]).includes(format));
}

/** UNIGINE and MeshSerializer2 take truncate or round; glTF yes or bits per attribute. */
function quantizeFits(format: string, value: unknown): boolean {
  const fixedPoint = value === 'truncate' || value === 'round';
  return (FIXED_POINT as readonly string[]).includes(format) ? fixedPoint : (GLTF as readonly string[]).includes(format) ? !fixedPoint : true;
}

function quantizeUsage(format: string, value: unknown): string {
  const shown = typeof value === 'string' ? value : 'bits per attribute';
  return (GLTF as readonly string[]).includes(format)
    ? `--quantize for ${format} takes yes or bits per attribute (glTF quantization always rounds), not '${shown}'`
    : `--quantize for ${format} takes truncate or round, not '${shown}'`;
}

/** UNIGINE takes the kinds mesh and anim, Transport Fever msh and ani. */
function kindFits(format: string, kind: unknown): boolean {
  return format === 'unigine' ? kind === 'mesh' || kind === 'anim' : format === 'tf' ? kind === 'msh' || kind === 'ani' : false;
}

/** Every format that takes a flag, in table order, for messages. */
export function formatsTaking(option: ConversionOption): string[] {
  const out: string[] = [];
  for (const t of option.targets) for (const f of t.formats) if (!out.includes(`${f} (${t.side})`)) out.push(`${f} (${t.side})`);
  return out;
}

/**
 * Parses the flags `values` holds (as node:util parseArgs gives them). Returns the flags or a
 * usage message.
 */
export function parseConversionFlags(values: Readonly<Record<string, unknown>>): ConversionFlags | string {
  const flags: Record<string, unknown> = {};
  for (const option of CONVERSION_OPTIONS) {
    const given = values[option.flag];
    if (given === undefined || given === false) continue;
    const parsed = option.parse(String(given));
    if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) return `--${option.flag} takes ${(parsed as { error: string }).error}, not '${String(given)}'`;
    flags[option.flag] = parsed;
  }
  return flags;
}

/**
 * A usage message when a given flag is taken by neither the target nor any of the `sources`
 * (the formats the inputs may be: --format, else their extensions), naming the formats that take it.
 */
export function checkConversionFlags(flags: ConversionFlags, sources: readonly string[], target: string): string | undefined {
  for (const option of CONVERSION_OPTIONS) {
    if (!(option.flag in flags)) continue;
    if (takes(option, 'write', target) || sources.some((s) => takes(option, 'read', s))) {
      const value = flags[option.flag];
      if (option.flag === 'kind' && !kindFits(target, value)) return `--kind for ${target} takes ${target === 'unigine' ? 'mesh or anim' : 'msh or ani'}, not '${String(value)}'`;
      if (option.flag === 'up-axis' && value === 'z' && FORMAT_CONVENTIONS[target as FormatName]?.upAxis === 'y') return `--up-axis z: ${target} files are Y-up (use y or keep)`;
      if (option.flag === 'quantize' && !quantizeFits(target, value)) return quantizeUsage(target, value);
      continue;
    }
    const inputs = sources.length ? sources.join(', ') : 'the inputs';
    return `--${option.flag} does not apply to ${inputs} → ${target}; it is taken by ${formatsTaking(option).join(', ')}`;
  }
  return undefined;
}

/**
 * The reader and writer options of one conversion: the target's conventions by default (a glTF
 * read Z-up for a Z-up target), then each flag on every side that takes it. A switch (`--flip-v`)
 * given for both sides acts once, on the writer; for a format whose default already flips (TF's
 * `flipV`), the switch turns that off.
 */
export function resolveConversion(flags: ConversionFlags, source: string, target: string): ResolvedConversion {
  const read: Record<string, unknown> = {};
  const write: Record<string, unknown> = {};
  const targetUp = FORMAT_CONVENTIONS[target as FormatName]?.upAxis;
  if (targetUp === 'z' && (source === 'gltf' || source === 'glb')) read.upAxis = 'z';
  for (const option of CONVERSION_OPTIONS) {
    if (!(option.flag in flags)) continue;
    const value = flags[option.flag];
    const onWrite = takes(option, 'write', target);
    const onRead = takes(option, 'read', source);
    const isSwitch = option.arg === undefined;
    for (const [side, first, into] of [['write', onWrite, write], ['read', onRead, read]] as const) {
      if (!first) continue;
      if (isSwitch && side === 'read' && onWrite) continue;
      const format = side === 'write' ? target : source;
      // A flag may set several options of one side (--optimize).
      for (const t of option.targets.filter((x) => x.side === side && (x.formats as readonly string[]).includes(format))) {
        let mapped = t.map ? t.map(value) : value;
        // TF's flipV is on by default: the switch means "once more", so it turns it off.
        if (isSwitch && option.flag === 'flip-v' && format === 'tf') mapped = false;
        if (option.flag === 'kind' && !kindFits(format, value)) continue;
        if (option.flag === 'quantize' && !quantizeFits(format, value)) continue;
        into[t.key] = mapped;
      }
    }
  }
  return { read, write };
}

/** The flags for node:util parseArgs. */
export function conversionParseArgsOptions(): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(CONVERSION_OPTIONS.map((o) => [o.flag, { type: o.arg === undefined ? 'boolean' : 'string' }]));
}

const flagText = (o: ConversionOption) => `--${o.flag}${o.arg ? ` ${o.arg}` : ''}`;

/** Lines for `convert --help`. */
export function conversionOptionsHelp(): string {
  const width = Math.max(...CONVERSION_OPTIONS.map((o) => flagText(o).length)) + 2;
  return CONVERSION_OPTIONS.map((o) => `  ${flagText(o).padEnd(width)} ${o.help}\n  ${' '.repeat(width)} (${formatsTaking(o).join(', ')})`).join('\n');
}

/** The README's table of conversion flags (generated; a test checks the README holds exactly this). */
export function conversionOptionsMarkdown(): string {
  const rows = CONVERSION_OPTIONS.map((o) => {
    const sides = o.targets.map((t) => `${t.side} \`${t.key}\`: ${t.formats.join(', ')}`).join('; ');
    return `| \`${flagText(o).replace(/\|/g, '\\|')}\` | ${o.help.replace(/\|/g, '\\|')} | ${sides} |`;
  });
  return ['| flag | meaning | option: formats |', '|---|---|---|', ...rows].join('\n');
}

/** The README's table of each format's conventions (generated, as above). */
export function conventionsMarkdown(): string {
  const rows = Object.entries(FORMAT_CONVENTIONS).map(([name, c]) => `| ${name} | ${c.upAxis ?? 'not recorded'} | ${c.winding} | ${c.vOrigin} | ${c.how} |`);
  return ['| target | up axis | winding | V origin | a conversion by default |', '|---|---|---|---|---|', ...rows].join('\n');
}

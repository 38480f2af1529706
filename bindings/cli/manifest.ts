// The run manifest (`convert --manifest FILE.jsonl`): one JSON line per input, appended as each
// input finishes, saying what made which outputs: the input's path under its root, size and
// SHA-256, the options and meshcodec version, each output's name and SHA-256, the warnings or the
// error. `--incremental` reads it back to skip inputs whose outputs are still what it recorded;
// meshcodec/queue returns the same entry from a BullMQ job.
//
// Alternatives: (1) one JSON document rewritten after each input: always well-formed, but a run
// over 100,000 files rewrites it 100,000 times, and shards cannot merge by `cat`; (2) a SQLite
// file: queries and upserts, but a native dependency and no merge by `cat`; (3) JSON Lines,
// append-only, read as "last line for an input wins": one write(2) per input with O_APPEND, shard
// manifests merge with `cat shard-*.jsonl > run.jsonl`, a killed run leaves at most a torn last
// line (skipped on reading). The cost is a file that grows with reruns (one line per input and run).
import { nodeCrypto } from './node-builtins.js';
import type { EncodedFile } from '../formats/format.js';
import type { ErrorInfo } from '../io/error-info.js';

/** The error of an input that failed, as in `--json` output (a MeshFormatError's code, format, offset or line:column). */
export type ManifestError = ErrorInfo;

/** One input of one run. */
export interface ManifestEntry {
  /** The input's path relative to its input root (the folder or glob base that found it), with '/' separators. */
  input: string;
  /** The input's size in bytes. */
  size: number;
  /** The input's SHA-256, lowercase hex. */
  sha256: string;
  /** The options that made the outputs (see `manifestOptions`), keys sorted. */
  options: Record<string, unknown>;
  /** The meshcodec version that made the outputs. */
  version: string;
  /** Each output file: its name relative to the output folder ('/' separators) and its SHA-256. */
  outputs?: { name: string; sha256: string }[];
  /** The files the reader read beside the input (`x.msh.blob`, a `.gltf`'s `.bin`): name relative to the input's folder, SHA-256 (null: asked for, absent); absent when none. */
  companions?: { name: string; sha256: string | null }[];
  /** What the conversion lost (the Asset's warnings); absent when none. */
  warnings?: string[];
  /** Why the input failed; absent when it converted. */
  error?: ManifestError;
}

/** SHA-256 of bytes, lowercase hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(bytes).digest('hex');
}

/** A value with every object's keys sorted (arrays keep their order), so that equal options serialise equally. */
export function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalValue(v);
    }
    return out;
  }
  return value;
}

/** Canonical JSON text of a value (sorted keys): what two entries' options are compared by. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalValue(value));
}

/**
 * The options a conversion's outputs depend on: the target format, the forced source format
 * (`--format`) when given, and the conversion flags (flag name → parsed value). Not the backend
 * (the three give identical bytes), --jobs, --validate or where the outputs go.
 */
export function manifestOptions(args: { to: string; from?: string | undefined; flags?: Readonly<Record<string, unknown>> }): Record<string, unknown> {
  const options: Record<string, unknown> = { to: args.to };
  if (args.from !== undefined) options.from = args.from;
  if (args.flags && Object.keys(args.flags).length) options.flags = { ...args.flags };
  return canonicalValue(options) as Record<string, unknown>;
}

/** '/' separators whatever the platform. */
export function slashPath(path: string): string {
  return path.replace(/\\/g, '/');
}

/**
 * The manifest's names for a run's inputs, in the run's order: each path under its root with '/'
 * separators; when several inputs share one (`a/x.mesh` and `b/x.mesh` given as the folders `a`
 * and `b`), the second is `x.mesh#2`, the third `x.mesh#3`, in argument order, which every shard
 * of the same command line sees alike.
 */
export function manifestNames(relatives: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return relatives.map((relative) => {
    const name = slashPath(relative);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}#${n}`;
  });
}

/** An input's size and SHA-256, taken before its bytes go elsewhere (a worker thread takes them over). */
export interface InputDigest {
  size: number;
  sha256: string;
}

export function inputDigest(bytes: Uint8Array): InputDigest {
  return { size: bytes.byteLength, sha256: sha256Hex(bytes) };
}

/**
 * One manifest entry. The input is given by its `bytes`, or by its `digest` when the bytes are no
 * longer at hand. `outputs` are named relative to the output folder (give names such as
 * `sub/tube.glb` when outputs keep the input's subfolder); their bytes are hashed here.
 */
export function manifestEntry(args: {
  input: string;
  bytes?: Uint8Array;
  digest?: InputDigest;
  options: Record<string, unknown>;
  version: string;
  outputs?: readonly EncodedFile[];
  companions?: readonly { name: string; sha256: string | null }[] | undefined;
  warnings?: readonly string[];
  error?: ManifestError;
}): ManifestEntry {
  const digest = args.digest ?? (args.bytes ? inputDigest(args.bytes) : undefined);
  if (!digest) throw new TypeError('manifestEntry needs the input\'s bytes or digest');
  const entry: ManifestEntry = {
    input: slashPath(args.input),
    size: digest.size,
    sha256: digest.sha256,
    options: canonicalValue(args.options) as Record<string, unknown>,
    version: args.version,
  };
  if (args.outputs) entry.outputs = args.outputs.map((f) => ({ name: slashPath(f.name), sha256: sha256Hex(f.bytes) }));
  if (args.companions && args.companions.length) entry.companions = args.companions.map((c) => ({ name: c.name, sha256: c.sha256 }));
  if (args.warnings && args.warnings.length) entry.warnings = [...args.warnings];
  if (args.error) entry.error = { ...args.error };
  return entry;
}

/** An entry as one manifest line (with its newline). `input` comes first, which lets a reader find entries in a damaged line. */
export function manifestLine(entry: ManifestEntry): string {
  return JSON.stringify(entry) + '\n';
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Whether a parsed line has an entry's shape (a manifest is input too: any other line is skipped, never trusted). */
function isEntry(value: unknown): value is ManifestEntry {
  if (!isObject(value)) return false;
  const { input, size, sha256, options, version, outputs, companions, warnings, error } = value;
  if (typeof input !== 'string' || typeof size !== 'number' || typeof sha256 !== 'string' || typeof version !== 'string' || !isObject(options)) return false;
  if (outputs !== undefined && !(Array.isArray(outputs) && outputs.every((o) => isObject(o) && typeof o.name === 'string' && typeof o.sha256 === 'string'))) return false;
  if (companions !== undefined && !(Array.isArray(companions) && companions.every((c) => isObject(c) && typeof c.name === 'string' && (typeof c.sha256 === 'string' || c.sha256 === null)))) return false;
  if (warnings !== undefined && !isStringArray(warnings)) return false;
  return error === undefined || (isObject(error) && typeof error.code === 'string' && typeof error.message === 'string');
}

const ENTRY_START = '{"input":';

function parseEntry(text: string): ManifestEntry | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isEntry(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every entry of a manifest (or of several concatenated), in order. Blank lines, lines that are
 * not entries and a torn line (a run killed mid-write) are skipped. When a torn line was followed
 * by another manifest's first line without a newline between them (`cat shard-0.jsonl
 * shard-1.jsonl`), the entry that starts inside it is still read.
 */
export function manifestEntries(text: string): ManifestEntry[] {
  const out: ManifestEntry[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    let entry = parseEntry(trimmed);
    if (!entry) {
      const at = trimmed.lastIndexOf(ENTRY_START);
      if (at > 0) entry = parseEntry(trimmed.slice(at));
    }
    if (entry) out.push(entry);
  }
  return out;
}

/** The entries of a manifest (see manifestEntries): input → its LAST entry. */
export function readManifest(text: string): Map<string, ManifestEntry> {
  const entries = new Map<string, ManifestEntry>();
  for (const entry of manifestEntries(text)) {
    entries.delete(entry.input); // Map order: last written last
    entries.set(entry.input, entry);
  }
  return entries;
}

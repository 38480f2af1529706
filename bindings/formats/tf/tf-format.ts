import { MeshFormatError } from '../../io/errors.js';
import type { Asset } from '../../model/asset.js';
import type { EncodedFile, FormatHandler } from '../format.js';
import { defineFormat } from '../define-format.js';
import { TF_SIGNATURE } from './tf-signature.js';
import { assetToTfForWrite, tfKindFor, type TfWriteOptions } from './from-asset.js';
import { evaluateLuaData, tablePosition } from './lua-constants.js';
import { isAniTable, TF_FORMAT_NAME, tfAniFromTable, tfMeshFromTable, type TfPairNames } from './read-tf.js';
import { tfBlobLength, type TfDocument } from './tf-document.js';
import { tfToAsset, type TfReadOptions } from './to-asset.js';
import { writeTfAni, writeTfDescriptor, writeTfMesh } from './write-tf.js';

/** The file name without its folders. */
function baseName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '');
}

/**
 * The blob's name beside `fileName`: no descriptor in the corpus (or in seed 003) names its blob,
 * and the game pairs them by name (`x.msh` + `x.msh.blob`), so this is the rule.
 */
export function tfBlobName(fileName: string): string {
  return `${baseName(fileName)}.blob`;
}

/** The names of a pair in messages: the file's own, and its blob's (tfBlobName), the folders taken off once. */
function pairNames(fileName: string): TfPairNames {
  const msh = baseName(fileName);
  return { msh, blob: `${msh}.blob` };
}

/**
 * A `.msh` or `.ani` as its document. A `.msh` needs its blob: `options.resolve(tfBlobName(fileName))`
 * gives it (the Node helpers read it from the same folder); a missing or short blob is a
 * MeshFormatError naming both files (a descriptor whose arrays are all empty needs none). Use readTfMesh to pass the blob directly.
 * `viewBlob`: the document's aligned arrays are views of the blob (see tfMeshFromTable).
 */
export function readTf(bytes: Uint8Array, options: TfReadOptions = {}, viewBlob = false): TfDocument {
  const root = evaluateLuaData(bytes);
  if (isAniTable(root)) return tfAniFromTable(root);
  const names: TfPairNames = options.fileName ? pairNames(options.fileName) : { msh: 'the .msh', blob: 'its .msh.blob' };
  const blob = options.fileName && options.resolve ? options.resolve(names.blob) : undefined;
  if (blob) return tfMeshFromTable(root, blob, names, bytes.length, viewBlob);
  // A descriptor whose arrays are all empty needs no blob (encodeSync writes one alone); any other names its missing blob.
  try {
    return tfMeshFromTable(root, new Uint8Array(0), names, bytes.length);
  } catch (error) {
    if (!(error instanceof MeshFormatError) || error.code !== 'TRUNCATED') throw error;
    const why = !options.fileName || !options.resolve ? 'reading a .msh needs options.fileName and options.resolve to find it (or use parseTfPair with both buffers)' : 'it was not found';
    throw new MeshFormatError({ code: 'TRUNCATED', format: TF_FORMAT_NAME, ...tablePosition(root) }, `${names.msh} needs its blob ${names.blob}: ${why}`);
  }
}

/** A `.msh` with its `.msh.blob` (both buffers) to an Asset. */
export function parseTfPair(msh: Uint8Array, blob: Uint8Array, options: TfReadOptions = {}): Asset {
  const names = options.fileName ? pairNames(options.fileName) : undefined;
  return tfToAsset(tfMeshFromTable(evaluateLuaData(msh), blob, names ?? { msh: 'the .msh', blob: 'its .msh.blob' }, msh.length), options, true, msh.length + blob.length);
}

/**
 * Every file of an Asset in TF: `[x.msh, x.msh.blob]`, or `[x.ani]` when `baseName` ends in
 * `.ani` (or `kind` says so). What TF cannot hold is appended to `asset.warnings`.
 */
export function encodeTfFiles(asset: Asset, baseNameOfOutput: string, options: TfWriteOptions = {}): EncodedFile[] {
  const kind = options.kind && options.kind !== 'auto' ? options.kind : /\.ani$/i.test(baseNameOfOutput) ? 'ani' : /\.msh$/i.test(baseNameOfOutput) ? 'msh' : 'auto';
  const { document, warnings } = assetToTfForWrite(asset, { ...options, fileName: baseNameOfOutput, kind });
  asset.warnings.push(...warnings);
  if (document.kind === 'ani') return [{ name: baseNameOfOutput, bytes: writeTfAni(document) }];
  const { msh, blob } = writeTfMesh(document);
  return [{ name: baseNameOfOutput, bytes: msh }, { name: `${baseNameOfOutput}.blob`, bytes: blob }];
}

/**
 * The single file of an Asset in TF: the `.ani`, or a `.msh` whose blob would be empty. A mesh
 * with vertices needs its `.msh.blob` beside it, which one byte array cannot carry: that is an
 * Error pointing to encodeFiles (tfFormat.encodeFiles / encodeTfFiles), never a lone descriptor.
 */
export function encodeTf(asset: Asset, options: TfWriteOptions = {}): Uint8Array {
  const { document, warnings } = assetToTfForWrite(asset, options);
  if (document.kind === 'ani') {
    asset.warnings.push(...warnings);
    return writeTfAni(document);
  }
  const { msh, blob } = writeTfMesh(document);
  if (blob.length) throw new MeshFormatError({ code: 'UNSUPPORTED', format: TF_FORMAT_NAME, path: 'meshes' }, 'this mesh needs a .msh.blob beside its .msh; use tfFormat.encodeFiles(asset, "name.msh") to get both files');
  asset.warnings.push(...warnings);
  return msh;
}

/** Facts for `meshcodec info`. */
export function describeTf(doc: TfDocument): Record<string, unknown> {
  if (doc.kind === 'ani') {
    return { kind: 'ani', keys: doc.times.length, durationMs: doc.times.length ? doc.times[doc.times.length - 1]! - doc.times[0]! : 0 };
  }
  return {
    kind: 'msh',
    vertexAttr: doc.attributes.map((a) => ({ name: a.name, numComp: a.numComp, elements: a.data.length / a.numComp, offset: a.offset, count: a.count })),
    subMeshes: doc.subMeshes.map((s) => ({
      corners: s.indices[0]?.data.length ?? 0,
      indexStreams: s.indices.length,
      sharedStreams: new Set(s.indices.map((i) => `${i.offset}:${i.count}`)).size < s.indices.length,
      materials: s.materials ?? [],
    })),
    matConfigs: doc.matConfigs?.length ?? 0,
    animations: (doc.animations ?? []).map((a) => ({ name: a.name, type: a.type, keyframes: a.type === 'KEYFRAME' ? a.keyframes.length : undefined })),
    blobBytes: tfBlobLength(doc),
    unreferencedBytes: doc.unreferenced.reduce((n, u) => n + u.bytes.length, 0),
  };
}


/**
 * Transport Fever / Train Fever `.msh` (+ `.msh.blob`) and `.ani`. The descriptors are Lua,
 * parsed and evaluated as constants, never run. `binary` is true so that loaders.gl hands over
 * the bytes (the text is read as bytes, Latin-1 columns, UTF-8 strings).
 */
export const tfFormat = defineFormat({
  ...TF_SIGNATURE,
  // Calls given no kernels run the js kernels below these sizes (kernels/small-input.ts, bench/small-inputs.bench.ts).
  smallInput: { parse: 4 * 1024, encode: 8 * 1024 },
  companions: (_bytes, options) => (options.fileName && /\.msh$/i.test(options.fileName) ? [tfBlobName(options.fileName)] : []),
  // The document views the blob where it can and the Asset copies out of it (never adopting an
  // array, which may be a view): each attribute is copied once, where copying the ranges into the
  // document and then each submesh's part out of them copied it twice.
  parseSync: (bytes, options = {}) => {
    const doc = readTf(bytes, options, true);
    return tfToAsset(doc, options, false, bytes.length + (doc.kind === 'msh' ? tfBlobLength(doc) : 0));
  },
  encodeSync: encodeTf,
  encodeFiles: encodeTfFiles,
  outputExtension: (asset, options) => (tfKindFor(asset, options) === 'ani' ? '.ani' : '.msh'),
  /** The descriptor rewritten as this library writes it: an `.ani` whole, a `.msh` for the same blob (its layout kept). */
  rewriteSync: (bytes, options = {}) => {
    const doc = readTf(bytes, options);
    return doc.kind === 'ani' ? writeTfAni(doc) : writeTfDescriptor(doc);
  },
  describe: (bytes, options = {}) => describeTf(readTf(bytes, options)),
} satisfies FormatHandler<TfReadOptions, TfWriteOptions, 'tf'>);

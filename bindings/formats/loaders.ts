import type { Asset } from '../model/asset.js';
import type { FormatHandler, ReadOptions } from './format.js';
import { glbFormat, gltfFormat } from './gltf/gltf-format.js';
import { iqmFormat } from './iqm/iqm-format.js';
import { unigineFormat } from './unigine/index.js';
import { tfFormat } from './tf/index.js';
import { ms2Format } from './ms2/index.js';
import { apgFormat } from './apg/index.js';
import { initMeshopt, mayNeedMeshoptDecoder } from './gltf/meshopt-module.js';

/** A loaders.gl-compatible loader object (`parse` takes an ArrayBuffer, resolves to an Asset). */
export interface MeshcodecLoader {
  id: string;
  name: string;
  module: 'meshcodec';
  extensions: string[];
  mimeTypes: string[];
  binary: boolean;
  options: { meshcodec: ReadOptions };
  parse(data: ArrayBuffer | Uint8Array, options?: { meshcodec?: ReadOptions }): Promise<Asset>;
  parseSync(data: ArrayBuffer | Uint8Array, options?: { meshcodec?: ReadOptions }): Asset;
}

function toBytes(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

/** Wraps a format handler as a loaders.gl loader, so the format drops into that ecosystem. */
export function toLoader(handler: FormatHandler): MeshcodecLoader {
  const parseSync = (data: ArrayBuffer | Uint8Array, options?: { meshcodec?: ReadOptions }) => handler.parseSync(toBytes(data), options?.meshcodec);
  return {
    id: handler.name,
    name: handler.name,
    module: 'meshcodec',
    extensions: handler.extensions.map((e) => e.replace(/^\./, '')),
    mimeTypes: [...handler.mimeTypes],
    binary: handler.binary,
    options: { meshcodec: {} },
    // A glTF that uses EXT_meshopt_compression first waits for meshoptimizer's decoder (loaded once, on first need).
    parse: async (data, options) => {
      if ((handler.name === 'gltf' || handler.name === 'glb') && mayNeedMeshoptDecoder(toBytes(data))) await initMeshopt();
      return parseSync(data, options);
    },
    parseSync,
  };
}

export const IqmLoader: MeshcodecLoader = toLoader(iqmFormat);
export const UnigineLoader: MeshcodecLoader = toLoader(unigineFormat);
export const TfLoader: MeshcodecLoader = toLoader(tfFormat);
export const GltfLoader: MeshcodecLoader = toLoader(gltfFormat);
export const GlbLoader: MeshcodecLoader = toLoader(glbFormat);
export const Ms2Loader: MeshcodecLoader = toLoader(ms2Format);
export const ApgLoader: MeshcodecLoader = toLoader(apgFormat);

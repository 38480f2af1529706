import type { FormatSignature } from '../format-signature.js';
import { isGlb } from './glb-container.js';

/** glTF JSON's signature (format-signature.ts): an object with an `"asset"` key in its first 4 KiB, loaded without its reader. */
export const GLTF_SIGNATURE: FormatSignature<'gltf'> = {
  name: 'gltf',
  extensions: ['.gltf'],
  mimeTypes: ['model/gltf+json'],
  binary: false,
  test: (bytes) => !isGlb(bytes) && /^\s*\{[\s\S]*"asset"\s*:/.test(new TextDecoder().decode(bytes.subarray(0, 4096))),
};

/** Binary glTF's signature: the `glTF` magic. */
export const GLB_SIGNATURE: FormatSignature<'glb'> = {
  name: 'glb',
  extensions: ['.glb'],
  mimeTypes: ['model/gltf-binary'],
  binary: true,
  test: isGlb,
};

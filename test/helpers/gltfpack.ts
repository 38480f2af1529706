/**
 * The npm `gltfpack` (meshoptimizer's glTF optimiser, WebAssembly) run in this process on bytes,
 * with an in-memory file interface: no temp files, no child process.
 */
// @ts-expect-error gltfpack ships no types
import { pack } from 'gltfpack/library.js';

/** gltfpack `flags` (e.g. ['-cc'], ['-c', '-kn'], ['-noq']) on a GLB or .gltf; resolves to the output GLB. */
export async function gltfpack(input: Uint8Array, flags: string[], inputName = 'in.glb', siblings: Record<string, Uint8Array> = {}): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>(Object.entries(siblings));
  files.set(inputName, input);
  let output: Uint8Array | undefined;
  const iface = {
    read: (path: string) => {
      const data = files.get(path.replace(/^\.\//, ''));
      if (!data) throw new Error(`gltfpack asked for ${path}, not given`);
      return data;
    },
    write: (path: string, data: Uint8Array) => {
      if (path === 'out.glb') output = new Uint8Array(data);
    },
  };
  await (pack as (args: string[], iface: unknown) => Promise<string>)(['-i', inputName, '-o', 'out.glb', ...flags], iface);
  if (!output) throw new Error(`gltfpack ${flags.join(' ')} wrote no out.glb`);
  return output;
}

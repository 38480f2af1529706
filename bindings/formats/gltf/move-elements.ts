// Elements (`width` values each) moved by an index list, in loops of their own, component by
// component: a `subarray` + `set` per element made a view object each (Box47.mesh at gltfpack's
// precision with pruneUnread: the weld and the reorder after it 22 ms of a 47 ms encode before, see README § Web-ready GLB against gltfpack).

import type { ComponentArray } from './gltf-builder.js';

/** out[k] = from[kept[k]], elements of `width` values. */
export function gatherElements(from: ComponentArray, out: ComponentArray, width: number, kept: Uint32Array): number {
  for (let k = 0; k < kept.length; k++) {
    const src = kept[k]! * width;
    const dst = k * width;
    for (let c = 0; c < width; c++) out[dst + c] = from[src + c]!;
  }
  return 0;
}

/** out[remap[v]] = from[v], elements of `width` values. */
export function scatterElements(from: ComponentArray, out: ComponentArray, width: number, remap: Uint32Array): number {
  for (let v = 0; v < remap.length; v++) {
    const src = v * width;
    const dst = remap[v]! * width;
    for (let c = 0; c < width; c++) out[dst + c] = from[src + c]!;
  }
  return 0;
}

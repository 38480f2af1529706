import { existsSync, readFileSync } from 'node:fs';
import { corpusPath } from './corpus.js';
import type { SiblingResolver } from '../../bindings/index.js';

/** Resolves siblings in the TF corpus folder (as the Node helpers resolve beside the input). */
export const corpusResolver: SiblingResolver = (name) => {
  const path = corpusPath('tf', name);
  return existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined;
};

/** A resolver over in-memory files. */
export function memoryResolver(files: Record<string, Uint8Array>): SiblingResolver {
  return (name) => files[name];
}

/** The five meshes of the corpus, with what they hold. */
export const TF_CORPUS_MESHES = {
  'car_r1_aquitaine_sive_lod0.msh': { meshes: 1, vertices: 36, triangles: 12, positions: 8, uvs: 12, normals: 36, sharedStreams: false },
  'car_r2_aquitaine_porte_a_lod0.msh': { meshes: 1, vertices: 45, triangles: 15, positions: 15, uvs: 15, normals: 45, sharedStreams: false },
  'loc_aquitaine_vitre_porte_b_lod0.msh': { meshes: 1, vertices: 18, triangles: 6, positions: 8, uvs: 8, normals: 18, sharedStreams: false },
  'concrete_roof_tl.msh': { meshes: 2, vertices: 12, triangles: 4, positions: 12, uvs: 12, normals: 12, sharedStreams: true },
  'jct_ceil_br.msh': { meshes: 1, vertices: 3, triangles: 1, positions: 3, uvs: 3, normals: 3, sharedStreams: true },
} as const;

export const TF_CORPUS_ANIS = { 'Blinker1.ani': 16, 'sbb_ec_door_open.ani': 3 } as const;

// The writer options the gltfpack benchmarks compare with (bench/gltfpack.bench.ts,
// bench/glb-breakdown.ts), in one place.

/** meshcodec's `--optimize`: its own bounds, finer than gltfpack's in every error column. */
export const OPTIMIZE = { quantize: true, compress: 'meshopt', textures: 'embed' } as const;

/**
 * The quantize bits of gltfpack -cc's default precision where meshcodec's default is finer:
 * positions 14 bits, translation / scale keys and UV sets outside 0–1 16 bits of mantissa, UVs in
 * 0–1 at 12 bits, octahedral 8-bit normals and tangents, 12-bit quaternions.
 */
export const GLTFPACK_PRECISION = { position: 14, translation: 16, normal: 'oct8', tangent: 'oct8', rotation: 12, uv: 12 } as const;

/** At gltfpack's precision, meshes merged as gltfpack merges them (names and boundaries lost). */
export const AT_GLTFPACK_PRECISION = { ...OPTIMIZE, quantize: GLTFPACK_PRECISION, mergeMeshes: true } as const;

/** The same, UV sets no texture reads left out: like for like with gltfpack -cc (without -kv). */
export const AT_GLTFPACK_PRECISION_PRUNED = { ...AT_GLTFPACK_PRECISION, pruneUnread: true } as const;

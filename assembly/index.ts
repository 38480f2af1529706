// Entry point: every exported kernel. Kernels are pure functions over pointers into linear
// memory, which the TypeScript side allocates above heapBase(); nothing here allocates.
export * from './quantize';
export * from './indices';
export * from './iqm';
export * from './unigine';
export * from './tangent-space';
export * from './weld';
export * from './parse-numbers';
export * from './weld-vertices';
export * from './vertex-gather';
export * from './iqm-vertices';
export * from './iqm-quantize';
export * from './iqm-frames';
export * from './bounds';
export * from './skin-weights';
export * from './indices-u16';
export * from './index-range';
export * from './used-values';
export * from './base64';
export * from './normalized';
export * from './key-lines';
export * from './tangent-check';
export * from './flip-v';
export * from './skin-records';
export * from './tf-index-streams';
export * from './unigine-compress-frames';
export * from './gltf-unit-normals';
export * from './gltf-normalized-skin';
export * from './gltf-positions';
export * from './gltf-uvs';
export * from './gltf-unit-tangents';
export * from './unigine-weld';
export * from './unigine-weight-range';
export * from './unigine-skin-walk';
export * from './unigine-frame-walk';
export * from './apg-format-floats';
export * from './gltf-opt-snorm-vectors';
export * from './gltf-opt-positions';
export * from './gltf-opt-uvs';

/** First free byte of linear memory: the TypeScript arena starts here. */
export function heapBase(): usize {
  return __heap_base;
}

/** 1 in the SIMD build, 0 in the scalar one (lets the host check which module it loaded). */
export function simdBuild(): i32 {
  return ASC_FEATURE_SIMD ? 1 : 0;
}

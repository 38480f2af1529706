/**
 * The names of the files in ../shared/corpus, per folder, so that a test run without the corpus
 * still lists every corpus test (as skipped) instead of losing them. `test/corpus.test.ts`
 * checks it against the folder whenever the corpus is there.
 */
export const CORPUS_MANIFEST: Readonly<Record<string, readonly string[]>> = {
  apg: [
    'coins.apg',
    'coins.obj',
    'untitled.apg',
  ],
  iqm: [
    'raylib_guy.iqm',
    'raylib_guyanim.iqm',
    'raylib_vertex_colored_object.iqm',
  ],
  ms2: [
    'SerializedMesh.data',
  ],
  tf: [
    'Blinker1.ani',
    'car_r1_aquitaine_sive_lod0.msh',
    'car_r1_aquitaine_sive_lod0.msh.blob',
    'car_r2_aquitaine_porte_a_lod0.msh',
    'car_r2_aquitaine_porte_a_lod0.msh.blob',
    'concrete_roof_tl.msh',
    'concrete_roof_tl.msh.blob',
    'jct_ceil_br.msh',
    'jct_ceil_br.msh.blob',
    'loc_aquitaine_vitre_porte_b_lod0.msh',
    'loc_aquitaine_vitre_porte_b_lod0.msh.blob',
    'sbb_ec_door_open.ani',
  ],
  unigine: [
    'Box47.mesh',
    'Line01.mesh',
    'QBZ95_long.anim',
    'QBZ95_long.mesh',
    'actor_00.mesh',
    'actor_00_idle.anim',
    'actor_00_jump.anim',
    'actor_00_run_fwd.anim',
    'actor_00_run_lt.anim',
    'actor_00_run_rt.anim',
    'actor_00_walk_bwd.anim',
    'actor_00_walk_fwd.anim',
    'actor_00_walk_lt.anim',
    'actor_00_walk_rt.anim',
    'arm.anim',
    'arm.mesh',
    'editor_box_ms10.mesh',
    'editor_viewcube.mesh',
    'fps_plane.mesh',
  ],
};

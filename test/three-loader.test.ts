// meshcodec/three in Node: `MeshcodecLoader.parseAsync` (and `loadAsync`, companions fetched over
// HTTP through its FileLoader) on every fixture and corpus file, on all three backends, compared
// with meshcodec's own GLB of the same file loaded by three's GLTFLoader: the same meshes in the
// same order, positions after world transforms, indices, UV sets, skins (bone names, bind
// matrices, skinned positions), and animation samples at several times (bone world matrices and
// skinned vertices, through AnimationMixer). Bad input rejects with the reader's MeshFormatError.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { AnimationMixer, LoadingManager, Matrix4, Vector3, type AnimationClip, type Bone, type Mesh, type Object3D, type SkinnedMesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, detectFormat, glbFormat, MeshFormatError, type Asset } from '../bindings/index.js';
import { assetToThree, MeshcodecLoader, type MeshcodecResult } from '../bindings/three/index.js';
import { loadMaterialTextures } from '../bindings/three/material-textures.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';
import { CORPUS_DIR, corpusAvailable } from './helpers/corpus.js';
import { siblingsOf } from './helpers/sibling-files.js';
import './helpers/node-progress-event.js';

const ASSIMP_IQM = '/usr/share/assimp/models/IQM';
/** assimp's glTF 2 samples: external buffers and images fetched as companions, morph targets, files the reader refuses. */
const ASSIMP_GLTF = '/usr/share/assimp/models/glTF2';
const HOSTILE = join(FIXTURES_DIR, '..', 'test', 'hostile');

/** Files (not companions) under `dir`, one folder deep, as [url path, file path]. */
function filesUnder(dir: string, urlPrefix: string): [string, string][] {
  if (!existsSync(dir)) return [];
  const out: [string, string][] = [];
  const walk = (folder: string, url: string) => {
    for (const name of readdirSync(folder, { withFileTypes: true })) {
      if (name.isDirectory()) walk(join(folder, name.name), `${url}${name.name}/`);
      else out.push([`${url}${name.name}`, join(folder, name.name)]);
    }
  };
  walk(dir, urlPrefix);
  const isCompanion = (path: string) => out.some(([, other]) => path !== other && path.startsWith(`${other}.`));
  return out.filter(([, path]) => !isCompanion(path) && detectFormat(readFileSync(path).subarray(0, 64), path) !== undefined).sort();
}

const FILES = [
  ...filesUnder(FIXTURES_DIR, '/fixtures/').filter(([url]) => !url.endsWith('.ts')),
  ...(corpusAvailable ? filesUnder(CORPUS_DIR, '/corpus/') : []),
  ...filesUnder(ASSIMP_IQM, '/assimp-iqm/'),
  ...filesUnder(ASSIMP_GLTF, '/assimp-gltf2/').filter(([url]) => /\.(gltf|glb)$/i.test(url)),
];
const ROOTS: Record<string, string> = { '/fixtures/': FIXTURES_DIR, '/corpus/': CORPUS_DIR, '/assimp-iqm/': ASSIMP_IQM, '/assimp-gltf2/': ASSIMP_GLTF, '/hostile/': HOSTILE };


/** A static file server for the loaders' requests (companions included), counting requests per path. */
let server: Server;
let origin = '';
const requested: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requested.push(path);
    const root = Object.keys(ROOTS).find((prefix) => path.startsWith(prefix));
    const file = root ? normalize(join(ROOTS[root]!, path.slice(root.length))) : '';
    if (!root || !file.startsWith(ROOTS[root]! + sep) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The reference: meshcodec's GLB of the file, through GLTFLoader. */
async function referenceOf(path: string, backend: (typeof BACKENDS)[number]): Promise<{ gltf: MeshcodecResult | Awaited<ReturnType<GLTFLoader['parseAsync']>>; asset: Asset }> {
  const kernels = createKernelsSync(backend);
  const bytes = new Uint8Array(readFileSync(path));
  const handler = detectFormat(bytes, path)!;
  const asset = handler.parseSync(bytes, { kernels, fileName: path, resolve: siblingsOf(path) });
  // Without textures: GLTFLoader cannot decode images in Node (the loader's textures are tested in Chromium).
  const glb = glbFormat.encodeSync(asset, { kernels, textures: 'none' });
  const gltf = await new GLTFLoader().parseAsync(glb.slice().buffer, '');
  return { gltf, asset };
}

const meshesOf = (root: Object3D) => {
  const found: Mesh[] = [];
  root.traverse((object) => {
    if ((object as Mesh).isMesh) found.push(object as Mesh);
  });
  return found;
};

/** Positions of `mesh` in world space, skinned (bones as they are posed now) when it is a SkinnedMesh. */
function worldPositions(mesh: Mesh): Float64Array {
  const position = mesh.geometry.getAttribute('position');
  const out = new Float64Array(position.count * 3);
  const v = new Vector3();
  for (let i = 0; i < position.count; i++) {
    v.fromBufferAttribute(position, i);
    if ((mesh as SkinnedMesh).isSkinnedMesh) (mesh as SkinnedMesh).applyBoneTransform(i, v);
    v.applyMatrix4(mesh.matrixWorld);
    out.set([v.x, v.y, v.z], i * 3);
  }
  return out;
}

/** The largest difference between two arrays of numbers, relative to the data's extent (at least 1). */
function maxRelativeDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let scale = 1;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]!));
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / scale);
  return worst;
}

function expectClose(a: ArrayLike<number>, b: ArrayLike<number>, what: string, tolerance = 1e-5): void {
  expect(a.length, `${what}: length`).toBe(b.length);
  expect(maxRelativeDifference(a, b), what).toBeLessThanOrEqual(tolerance);
}

/** The skeleton's bones: from a skinned mesh, else every Bone in tree order. */
function skeletonBones(root: Object3D): Bone[] {
  const skinned = meshesOf(root).find((m) => (m as SkinnedMesh).isSkinnedMesh) as SkinnedMesh | undefined;
  if (skinned) return skinned.skeleton.bones;
  const bones: Bone[] = [];
  root.traverse((o) => {
    if ((o as Bone).isBone) bones.push(o as Bone);
  });
  return bones;
}

/** Poses both scenes with `clip` at `time` and compares bone world matrices and world (skinned) positions. */
function comparePose(ours: MeshcodecResult, ref: { scene: Object3D; animations: AnimationClip[] }, clipName: string | undefined, time: number, label: string): void {
  const pose = (scene: Object3D, clips: AnimationClip[]) => {
    const mixer = new AnimationMixer(scene);
    const clip = clips.find((c) => c.name === clipName);
    if (clip) mixer.clipAction(clip).play();
    mixer.setTime(time);
    scene.updateMatrixWorld(true);
    return mixer;
  };
  const a = pose(ours.scene, ours.animations);
  const b = pose(ref.scene, ref.animations);
  const oursBones = skeletonBones(ours.scene);
  const refBones = skeletonBones(ref.scene);
  expect(oursBones.map((bone) => bone.name), `${label}: bone names`).toEqual(refBones.map((bone) => bone.name));
  oursBones.forEach((bone, i) => expectClose(bone.matrixWorld.elements, refBones[i]!.matrixWorld.elements, `${label}: bone ${bone.name} world matrix`, 1e-4));
  const oursMeshes = meshesOf(ours.scene).filter((m) => m.geometry.index!.count > 0);
  const refMeshes = meshesOf(ref.scene);
  oursMeshes.forEach((mesh, i) => {
    // Vertices with a non-finite coordinate are left out: the glTF writer writes those as 0
    // (warned; glTF forbids them), the loader keeps the file's values (BoxWithInfinites.glb).
    const source = mesh.geometry.getAttribute('position').array;
    const finite = (values: Float64Array) => values.filter((_, k) => Number.isFinite(source[k - (k % 3)]!) && Number.isFinite(source[k - (k % 3) + 1]!) && Number.isFinite(source[k - (k % 3) + 2]!));
    expectClose(finite(worldPositions(mesh)), finite(worldPositions(refMeshes[i]!)), `${label}: mesh ${i} world positions`, 1e-4);
  });
  a.stopAllAction();
  b.stopAllAction();
}

function compare(ours: MeshcodecResult, ref: { scene: Object3D; animations: AnimationClip[] }, asset: Asset, label: string): void {
  // The glTF writer leaves out meshes without triangles; the loader keeps them (as empty geometry).
  const oursMeshes = meshesOf(ours.scene).filter((m) => m.geometry.index!.count > 0);
  const refMeshes = meshesOf(ref.scene);
  expect(oursMeshes.length, `${label}: meshes`).toBe(refMeshes.length);
  expect(meshesOf(ours.scene).length, `${label}: one three.js mesh per Asset mesh`).toBe(asset.meshes.length);
  oursMeshes.forEach((mesh, i) => {
    const other = refMeshes[i]!;
    expect(Array.from(mesh.geometry.index!.array), `${label}: mesh ${i} indices`).toEqual(Array.from(other.geometry.index!.array));
    expect(Object.keys(mesh.geometry.attributes).sort(), `${label}: mesh ${i} attributes`).toEqual(Object.keys(other.geometry.attributes).sort());
    // (skinIndex / skinWeight are not compared slot by slot: the glTF writer packs each vertex's
    // weighted joints to the front; the skinned positions below compare what they do.)
    for (const name of ['uv', 'uv1', 'uv2', 'uv3']) {
      if (mesh.geometry.attributes[name]) expectClose(mesh.geometry.attributes[name]!.array, other.geometry.attributes[name]!.array, `${label}: mesh ${i} ${name}`, 1e-6);
    }
    expect((mesh as SkinnedMesh).isSkinnedMesh === true, `${label}: mesh ${i} skinned`).toBe((other as SkinnedMesh).isSkinnedMesh === true);
    if ((mesh as SkinnedMesh).isSkinnedMesh) {
      const ourInverses = (mesh as SkinnedMesh).skeleton.boneInverses;
      const refInverses = (other as SkinnedMesh).skeleton.boneInverses;
      expect(ourInverses.length).toBe(refInverses.length);
      ourInverses.forEach((m: Matrix4, j: number) => expectClose(m.elements, refInverses[j]!.elements, `${label}: mesh ${i} inverse bind matrix ${j}`, 1e-4));
    }
  });
  // glTF drops an animation without any channel that moves a joint; every one it keeps is here, named alike.
  for (const clip of ref.animations) expect(ours.animations.map((c) => c.name), label).toContain(clip.name);
  expect(ours.animations.map((c) => c.name), `${label}: clips named as in the file`).toEqual(asset.animations.map((a, i) => a.name || `animation_${i}`));
  comparePose(ours, ref, undefined, 0, `${label} bind pose`);
  for (const clip of ref.animations) {
    for (const fraction of [0, 0.13, 0.5, 0.77, 1]) comparePose(ours, ref, clip.name, clip.duration * fraction, `${label} ${clip.name} at ${fraction}`);
  }
}

describe('MeshcodecLoader.parseAsync against GLTFLoader on meshcodec\'s GLB', () => {
  it('has files to compare', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(9);
  });
  for (const backend of BACKENDS) {
    describe(backend, () => {
      for (const [url, path] of FILES) {
        it(url, async () => {
          const loader = new MeshcodecLoader(undefined, { backend, decoder: 'main-thread' });
          const bytes = readFileSync(path);
          const outcome = await loader.parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), origin + url).catch((e: unknown) => e);
          const reference = await referenceOf(path, backend).catch((e: unknown) => e);
          if (reference instanceof MeshFormatError) {
            // A file the reader refuses (a version it does not read): the loader rejects with the same error.
            expect(outcome).toBeInstanceOf(MeshFormatError);
            expect((outcome as MeshFormatError).message).toBe(reference.message);
            return;
          }
          if (reference instanceof Error || outcome instanceof Error) throw reference instanceof Error ? reference : outcome;
          const ours = outcome as MeshcodecResult;
          expect(ours.userData.meshcodec.backend).toBe(backend);
          const { gltf, asset } = reference as Awaited<ReturnType<typeof referenceOf>>;
          compare(ours, gltf, asset, url);
        });
      }
    });
  }
});

describe('MeshcodecLoader.loadAsync', () => {
  it('fetches a .msh and its .msh.blob through the FileLoader, relative to the URL', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
    requested.length = 0;
    const result = await loader.loadAsync(`${origin}/fixtures/tube.msh`);
    expect(requested).toEqual(['/fixtures/tube.msh', '/fixtures/tube.msh.blob']);
    expect(result.userData.meshcodec.format).toBe('tf');
    expect(meshesOf(result.scene).length).toBe(1);
  });

  it('resolves the URL against setPath, and companions with it', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' }).setPath(`${origin}/fixtures/`);
    requested.length = 0;
    const result = await loader.loadAsync('tube.msh');
    expect(requested).toEqual(['/fixtures/tube.msh', '/fixtures/tube.msh.blob']);
    expect(result.scene.name).toBe('tube.msh');
  });

  it('rejects with the reader\'s MeshFormatError when the companion cannot be fetched', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
    const bytes = readFileSync(join(FIXTURES_DIR, 'tube.msh'));
    const error = await loader.parseAsync(new Uint8Array(bytes), `${origin}/nowhere/tube.msh`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeshFormatError);
    expect((error as MeshFormatError).message).toContain('tube.msh.blob');
  });

  it('rejects a 404 with the FileLoader\'s error and tells the LoadingManager', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
    const errors: string[] = [];
    loader.manager.onError = (url) => errors.push(url);
    await expect(loader.loadAsync(`${origin}/fixtures/missing.iqm`)).rejects.toThrow(/404/);
    // FileLoader reports the failed request, the loader the failed item (GLTFLoader does the same).
    expect(new Set(errors)).toEqual(new Set([`${origin}/fixtures/missing.iqm`]));
  });
});

describe('bad input', () => {
  const hostile = existsSync(HOSTILE) ? readdirSync(HOSTILE).filter((name) => !name.endsWith('.blob') && !name.endsWith('.md')) : [];
  for (const backend of BACKENDS) {
    it(`a truncated file of each format rejects with its MeshFormatError (${backend})`, async () => {
      for (const [url, path] of FILES.filter(([u]) => u.startsWith('/fixtures/'))) {
        const bytes = new Uint8Array(readFileSync(path));
        const truncated = bytes.slice(0, Math.floor(bytes.length / 3));
        const loader = new MeshcodecLoader(undefined, { backend, decoder: 'main-thread' });
        const error = await loader.parseAsync(truncated, `${origin}${url}`).catch((e: unknown) => e);
        expect(error, url).toBeInstanceOf(MeshFormatError);
        let direct: unknown;
        try {
          detectFormat(bytes, path)!.parseSync(truncated, { kernels: createKernelsSync(backend), fileName: path, resolve: siblingsOf(path) });
        } catch (e) {
          direct = e;
        }
        expect((error as MeshFormatError).message, url).toBe((direct as MeshFormatError).message);
      }
    });
  }

  it('the hostile reproducers give the reader\'s outcome: a scene or its MeshFormatError, never another error', async () => {
    for (const name of hostile) {
      const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
      const bytes = new Uint8Array(readFileSync(join(HOSTILE, name)));
      const outcome = await loader.parseAsync(bytes, `${origin}/hostile/${encodeURIComponent(name)}`).catch((e: unknown) => e);
      if (outcome instanceof Error) expect(outcome, name).toBeInstanceOf(MeshFormatError);
    }
  });

  it('a file no format recognises rejects naming it', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
    await expect(loader.parseAsync(new Uint8Array(64), 'x/noise.bin')).rejects.toThrow(/noise\.bin: not a format meshcodec recognises/);
  });

  it('an aborted signal rejects with its reason; abort() rejects what is in progress', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(loader.parseAsync(readFileSync(join(FIXTURES_DIR, 'tube.iqm')), 'tube.iqm', { signal: controller.signal })).rejects.toThrow('stop');
    const pending = loader.loadAsync(`${origin}/fixtures/tube.msh`);
    loader.abort();
    await expect(pending).rejects.toThrow();
  });
});

describe('assetToThree on a hand-built Asset (what the fixtures lack)', () => {
  /** A quad with two UV sets, colours, two named morph targets (one moving normals), a named material, Z-up. */
  function quad(): Asset {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const normals = new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    return {
      source: 'test',
      upAxis: 'z',
      warnings: [],
      animations: [],
      meshes: [
        {
          name: 'quad.001',
          material: 'paint',
          indices: new Uint8Array([0, 1, 2, 0, 2, 3]),
          attributes: {
            positions,
            normals,
            uvs: [new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), new Float32Array([0.5, 0.5, 1, 0.5, 1, 1, 0.5, 1])],
            colors: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1]),
          },
          targets: [
            { name: 'raise', positions: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0]) },
            { name: 'tilt', positions: new Float32Array([0, 0, 0, 0, 0, 0.5, 0, 0, 0.5, 0, 0, 0]), normals: new Float32Array(12).fill(0.1) },
          ],
        },
      ],
    };
  }

  it('gives every UV set, colours and named morph targets as GLTFLoader does for its GLB', async () => {
    const glb = glbFormat.encodeSync(quad());
    const ref = await new GLTFLoader().parseAsync(glb.slice().buffer, '');
    const { scene, materials } = assetToThree(quad());
    const [ours] = meshesOf(scene);
    const [theirs] = meshesOf(ref.scene);
    expect(Object.keys(ours!.geometry.attributes).sort()).toEqual(Object.keys(theirs!.geometry.attributes).sort());
    expect(ours!.morphTargetDictionary).toEqual({ raise: 0, tilt: 1 });
    expect(ours!.geometry.morphTargetsRelative).toBe(true);
    expectClose(ours!.geometry.attributes.uv1!.array, theirs!.geometry.attributes.uv1!.array, 'uv1');
    expectClose(ours!.geometry.attributes.color!.array, theirs!.geometry.attributes.color!.array, 'color');
    expect(ours!.geometry.morphAttributes.normal!.map((a) => a.name)).toEqual(['raise', 'tilt']);
    for (const weights of [[1, 0], [0, 1], [0.3, 0.6]]) {
      ours!.morphTargetInfluences = weights;
      theirs!.morphTargetInfluences = weights;
      scene.updateMatrixWorld(true);
      ref.scene.updateMatrixWorld(true);
      const morphed = (mesh: Mesh) => {
        const out: number[] = [];
        const v = new Vector3();
        for (let i = 0; i < 4; i++) out.push(...mesh.getVertexPosition(i, v).applyMatrix4(mesh.matrixWorld).toArray());
        return out;
      };
      expectClose(morphed(ours!), morphed(theirs!), `morphed by ${weights}`);
    }
    expect(materials.map((m) => m.name)).toEqual(['paint']);
    expect((ours!.material as { vertexColors: boolean }).vertexColors).toBe(true);
    expect(ours!.name).toBe('quad001');
  });

  it('keeps the source axes when asked, and takes materials from createMaterial', () => {
    const made: (string | undefined)[] = [];
    const { scene } = assetToThree(quad(), { upAxis: 'keep', createMaterial: (name) => (made.push(name), undefined) });
    expect(Array.from(meshesOf(scene)[0]!.geometry.attributes.position!.array.slice(6, 9))).toEqual([1, 1, 0]);
    expect(made).toEqual(['paint']);
  });
});

describe.skipIf(!existsSync(join(FIXTURES_DIR, '..', 'dist', 'worker-node.js')))('through a decode pool (Node worker threads, from dist/)', () => {
  it('moves the file to the worker and gives the same scene as decoding on the calling thread', async () => {
    const { createDecodePool } = (await import(join(FIXTURES_DIR, '..', 'dist', 'worker-node.js'))) as typeof import('../bindings/workers/node-pool.js');
    const pool = createDecodePool({ size: 1 });
    try {
      const pooled = new MeshcodecLoader().setDecodePool(pool);
      const local = new MeshcodecLoader(undefined, { decoder: 'main-thread' });
      const bytes = readFileSync(join(FIXTURES_DIR, 'tube.iqm'));
      const input = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const a = await pooled.parseAsync(input, 'tube.iqm');
      expect(input.byteLength, 'the ArrayBuffer was transferred, not copied').toBe(0);
      expect(a.userData.meshcodec.inWorker).toBe(true);
      const b = await local.parseAsync(new Uint8Array(bytes), 'tube.iqm');
      expect(b.userData.meshcodec.inWorker).toBe(false);
      const [ma] = meshesOf(a.scene);
      const [mb] = meshesOf(b.scene);
      expect(Array.from(ma!.geometry.attributes.position!.array)).toEqual(Array.from(mb!.geometry.attributes.position!.array));
      expect(a.animations.map((c) => c.name)).toEqual(b.animations.map((c) => c.name));
      // The dist/ pool's MeshFormatError is the library's own class only within dist/; here the name and code travel.
      const error = (await pooled.parseAsync(new Uint8Array(bytes).slice(0, 200), 'tube.iqm').catch((e: unknown) => e)) as MeshFormatError;
      expect(error.name).toBe('MeshFormatError');
      expect(error.code).toBeDefined();
    } finally {
      pool.destroy();
    }
  });
});

describe('material textures where they cannot be decoded or were not given', () => {
  const textured = (): Asset => ({
    source: 'test',
    warnings: [],
    animations: [],
    materials: [{ name: 'skin', baseColorTexture: { uri: 'skin.png', mimeType: 'image/png' } }],
    meshes: [{ name: 'm', material: 'skin', indices: new Uint16Array([0, 1, 2]), attributes: { positions: new Float32Array(9) } }],
  });

  it('an image known by URI only is not fetched when the files were given, and says so', async () => {
    const warnings: string[] = [];
    const textures = await loadMaterialTextures(textured(), new LoadingManager(), undefined, warnings);
    expect(textures.size).toBe(0);
    expect(warnings).toEqual(['material skin: its texture skin.png was not among the files given; the material has no texture']);
  });

  it.skipIf(typeof createImageBitmap === 'function')('a runtime without createImageBitmap gets no textures, warned', async () => {
    const warnings: string[] = [];
    const textures = await loadMaterialTextures(textured(), new LoadingManager(), `${origin}/fixtures/`, warnings);
    expect(textures.size).toBe(0);
    expect(warnings).toEqual(['textures of 1 material(s) are not loaded: this runtime has no createImageBitmap']);
  });
});

describe('assetToThree refuses a hand-built Asset that is not valid', () => {
  it('a skin joint outside the skeleton is a MeshFormatError naming its path', () => {
    const asset: Asset = {
      source: 'test',
      warnings: [],
      animations: [],
      skeleton: { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] },
      meshes: [{ name: 'm', indices: new Uint16Array([0, 1, 2]), attributes: { positions: new Float32Array(9), joints: new Uint16Array([0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0]), weights: new Float32Array(12).fill(0.25) } }],
    };
    let error: unknown;
    try {
      assetToThree(asset);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MeshFormatError);
    expect((error as MeshFormatError).message).toContain('meshes[0].attributes.joints[4]');
  });
});

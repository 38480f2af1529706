import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApgLoader, IqmLoader, Ms2Loader, TfLoader, UnigineLoader, apg, iqm, ms2, summarizeAsset, tf, unigine } from '../bindings/index.js';

describe('loaders.gl loader objects', () => {
  it('describe the format and parse an ArrayBuffer into an Asset', async () => {
    expect(IqmLoader).toMatchObject({ id: 'iqm', module: 'meshcodec', extensions: ['iqm'], binary: true });
    expect(UnigineLoader.extensions).toEqual(['mesh', 'anim']);
    const bytes = readFileSync('fixtures/tube.iqm');
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const asset = await IqmLoader.parse(arrayBuffer);
    expect(summarizeAsset(asset)).toMatchObject({ triangles: 120, joints: 2, frames: 16 });
    expect(summarizeAsset(UnigineLoader.parseSync(new Uint8Array(readFileSync('fixtures/tube.mesh'))))).toMatchObject({ triangles: 120 });
    expect(Ms2Loader).toMatchObject({ id: 'ms2', extensions: ['data', 'bytes'], binary: true });
    expect(ApgLoader).toMatchObject({ id: 'apg', extensions: ['apg'], binary: false });
    expect(summarizeAsset(await Ms2Loader.parse(readFileSync('fixtures/tube.data')))).toMatchObject({ triangles: 120 });
    expect(summarizeAsset(ApgLoader.parseSync(readFileSync('fixtures/tube.apg')))).toMatchObject({ triangles: 120, joints: 2 });
  });

  it('the package root exposes each format as a namespace', () => {
    expect(typeof iqm.readIqm).toBe('function');
    expect(typeof unigine.readUnigine).toBe('function');
    expect(typeof ms2.readMs2).toBe('function');
    expect(typeof apg.readApg).toBe('function');
    expect(typeof tf.readTfMesh).toBe('function');
  });

  it('TfLoader takes the .msh and finds the blob through options.meshcodec.resolve', async () => {
    expect(TfLoader).toMatchObject({ id: 'tf', extensions: ['msh', 'ani'] });
    const blob = new Uint8Array(readFileSync('fixtures/tube.msh.blob'));
    const asset = await TfLoader.parse(new Uint8Array(readFileSync('fixtures/tube.msh')), { meshcodec: { fileName: 'tube.msh', resolve: (name) => (name === 'tube.msh.blob' ? blob : undefined) } });
    expect(summarizeAsset(asset)).toMatchObject({ triangles: 120, frames: 16 });
  });
});

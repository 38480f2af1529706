// Textures (issue 20, item 3): material names resolved to images beside the input, the glTF
// writer's textures modes (embed, uri, none), TGA → PNG with the pixels kept, the glTF reader
// reading them back, hostile TGAs refused without a crash, and the writers' texture warnings.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { apgFormat, decodeTga, glbFormat, MAX_TEXTURE_LOOKUPS, gltfFormat, iqmFormat, MeshFormatError, textureCandidates, tfFormat, tgaToPng, unigineFormat, type Asset, type FormatHandler, type Kernels, type SiblingResolver } from '../bindings/index.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { runConvertJob } from '../bindings/workers/convert-job.js';
import { runDecodeJob } from '../bindings/workers/pool-job.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';
import { siblingsOf } from './helpers/sibling-files.js';
import { imageSize } from '../bindings/textures/image-type.js';

const kernels = allKernels();
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const MRFIXIT_DIR = dirname(MRFIXIT);
// Not in test/hostile/: the closure tests read every file there as a model.
const HOSTILE = join(import.meta.dirname, 'hostile-tga');

/** The JSON chunk of a GLB. */
function glbJson(glb: Uint8Array): Record<string, any> {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true))));
}

/** The bytes of image `i` of a GLB (from its bufferView in the BIN chunk). */
function glbImage(glb: Uint8Array, i: number): Uint8Array {
  const json = glbJson(glb);
  const view = json.bufferViews[json.images[i].bufferView];
  const binStart = 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true) + 8;
  return glb.subarray(binStart + (view.byteOffset ?? 0), binStart + (view.byteOffset ?? 0) + view.byteLength);
}

// ---- a TGA encoder written from the format's description, to make test files -----------------

interface Image {
  width: number;
  height: number;
  /** RGBA, rows top to bottom. */
  rgba: Uint8Array;
}

function randomImage(width: number, height: number, seed: number, colours = 256): Image {
  const next = rng(seed);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < rgba.length; i++) rgba[i] = Math.floor(next() * colours) * Math.floor(255 / Math.max(colours - 1, 1));
  // Runs of equal pixels, so that RLE has repeats to encode.
  for (let p = 1; p < width * height; p++) if (next() < 0.4) rgba.copyWithin(p * 4, (p - 1) * 4, p * 4);
  return { width, height, rgba };
}

interface TgaLayout {
  depth: 24 | 32;
  rle: boolean;
  topToBottom: boolean;
  rightToLeft: boolean;
  alphaBits?: number;
}

/** A true-colour TGA of `image` in `layout` (BGR(A) pixels in the order the descriptor says). */
function encodeTga(image: Image, layout: TgaLayout): Uint8Array {
  const { width, height, rgba } = image;
  const size = layout.depth / 8;
  const pixels: number[][] = [];
  for (let row = 0; row < height; row++) {
    const y = layout.topToBottom ? row : height - 1 - row;
    for (let col = 0; col < width; col++) {
      const x = layout.rightToLeft ? width - 1 - col : col;
      const o = (y * width + x) * 4;
      pixels.push(size === 4 ? [rgba[o + 2]!, rgba[o + 1]!, rgba[o]!, rgba[o + 3]!] : [rgba[o + 2]!, rgba[o + 1]!, rgba[o]!]);
    }
  }
  const body: number[] = [];
  if (!layout.rle) for (const p of pixels) body.push(...p);
  else {
    let i = 0;
    const same = (a: number[], b: number[]) => a.every((v, k) => v === b[k]);
    while (i < pixels.length) {
      let run = 1;
      while (i + run < pixels.length && run < 128 && same(pixels[i + run]!, pixels[i]!)) run++;
      if (run > 1) {
        body.push(0x80 | (run - 1), ...pixels[i]!);
        i += run;
        continue;
      }
      let raw = 1;
      while (i + raw < pixels.length && raw < 128 && !(i + raw + 1 < pixels.length && same(pixels[i + raw]!, pixels[i + raw + 1]!))) raw++;
      body.push(raw - 1);
      for (let k = 0; k < raw; k++) body.push(...pixels[i + k]!);
      i += raw;
    }
  }
  const header = new Uint8Array(18);
  header[2] = layout.rle ? 10 : 2;
  header[12] = width & 0xff;
  header[13] = width >> 8;
  header[14] = height & 0xff;
  header[15] = height >> 8;
  header[16] = layout.depth;
  header[17] = (layout.alphaBits ?? (layout.depth === 32 ? 8 : 0)) | (layout.rightToLeft ? 0x10 : 0) | (layout.topToBottom ? 0x20 : 0);
  return new Uint8Array([...header, ...body]);
}

/** The image's pixels with `channels` of RGBA kept. */
function channelsOf(image: Image, channels: 3 | 4): Uint8Array {
  if (channels === 4) return image.rgba;
  const out = new Uint8Array(image.width * image.height * 3);
  for (let p = 0; p < image.width * image.height; p++) out.set(image.rgba.subarray(p * 4, p * 4 + 3), p * 3);
  return out;
}

const LAYOUTS: TgaLayout[] = [];
for (const depth of [24, 32] as const) for (const rle of [false, true]) for (const topToBottom of [false, true]) for (const rightToLeft of [false, true]) LAYOUTS.push({ depth, rle, topToBottom, rightToLeft });
const layoutName = (l: TgaLayout) => `${l.depth}-bit ${l.rle ? 'RLE' : 'raw'} ${l.topToBottom ? 'top' : 'bottom'}-${l.rightToLeft ? 'right' : 'left'} origin`;

// ---- a small IQM whose material names are chosen ----------------------------------------------

/** A two-mesh IQM (a triangle each) with the given material names. */
function iqmWithMaterials(k: Kernels, materials: string[]): Uint8Array {
  const asset: Asset = {
    source: 'test',
    upAxis: 'z',
    warnings: [],
    animations: [],
    meshes: materials.map((material, m) => ({
      name: `mesh${m}`,
      material,
      attributes: { positions: new Float32Array([0, 0, m, 1, 0, m, 0, 1, m]), uvs: [new Float32Array([0, 0, 1, 0, 0, 1])] },
      indices: new Uint8Array([0, 1, 2]),
    })),
  };
  return iqmFormat.encodeSync(asset, { kernels: k });
}

function resolverOf(files: Record<string, Uint8Array>): SiblingResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = Object.assign((name: string) => {
    asked.push(name);
    return files[name];
  }, { asked });
  return resolve;
}

// ------------------------------------------------------------------------------------------------

describe.skipIf(!existsSync(MRFIXIT))('mrfixit.iqm with Body.jpg and Head.jpg beside it', () => {
  const bytes = existsSync(MRFIXIT) ? new Uint8Array(readFileSync(MRFIXIT)) : new Uint8Array();
  const body = existsSync(MRFIXIT) ? new Uint8Array(readFileSync(join(MRFIXIT_DIR, 'Body.jpg'))) : new Uint8Array();
  const head = existsSync(MRFIXIT) ? new Uint8Array(readFileSync(join(MRFIXIT_DIR, 'Head.jpg'))) : new Uint8Array();

  it.each(BACKENDS)('%s: the IQM reader gives both materials their JPEG; the GLB embeds them as they are, 0 validator errors, and reads back', async (backend) => {
    const k = kernels[backend];
    const asset = iqmFormat.parseSync(bytes, { kernels: k, fileName: MRFIXIT, resolve: nodeSiblingResolver(MRFIXIT) });
    expect(asset.materials?.map((m) => [m.name, m.baseColorTexture?.uri, m.baseColorTexture?.mimeType])).toEqual([
      ['Body.jpg', 'Body.jpg', 'image/jpeg'],
      ['Head.jpg', 'Head.jpg', 'image/jpeg'],
    ]);
    expect(asset.materials![0]!.baseColorTexture!.bytes).toEqual(body);
    const warningsBefore = asset.warnings.length;
    const glb = glbFormat.encodeSync(asset, { kernels: k });
    expect(asset.warnings.length).toBe(warningsBefore);
    const json = glbJson(glb);
    expect(json.images).toEqual([
      { name: 'Body.jpg', mimeType: 'image/jpeg', bufferView: expect.any(Number) },
      { name: 'Head.jpg', mimeType: 'image/jpeg', bufferView: expect.any(Number) },
    ]);
    expect(glbImage(glb, 0)).toEqual(body);
    expect(glbImage(glb, 1)).toEqual(head);
    const byName = Object.fromEntries(json.materials.map((m: any) => [m.name, m.pbrMetallicRoughness.baseColorTexture.index]));
    expect(json.textures[byName['Body.jpg']].source).toBe(0);
    expect(json.textures[byName['Head.jpg']].source).toBe(1);
    const report = await validateGltf(glb);
    expect(report.messages).toEqual([]);
    expect(report.errors).toBe(0);

    const back = glbFormat.parseSync(glb, { kernels: k });
    expect(back.materials?.map((m) => [m.name, m.baseColorTexture?.mimeType, m.baseColorTexture?.bytes?.length])).toEqual([
      ['Body.jpg', 'image/jpeg', body.length],
      ['Head.jpg', 'image/jpeg', head.length],
    ]);
    expect(back.materials![1]!.baseColorTexture!.bytes).toEqual(head);
    expect(back.warnings).toEqual([]);
    // And once more: the GLB of the read-back Asset holds the same images.
    const again = glbFormat.encodeSync(back, { kernels: k });
    expect(glbImage(again, 0)).toEqual(body);
  });

  it.each(BACKENDS)("%s: textures 'uri' refers to the files by name (valid beside them, read back through resolve); 'none' writes none and says so", async (backend) => {
    const k = kernels[backend];
    const read = () => iqmFormat.parseSync(bytes, { kernels: k, fileName: MRFIXIT, resolve: siblingsOf(MRFIXIT) });
    const asset = read();
    const glb = glbFormat.encodeSync(asset, { kernels: k, textures: 'uri' });
    const json = glbJson(glb);
    expect(json.images).toEqual([{ uri: 'Body.jpg', mimeType: 'image/jpeg' }, { uri: 'Head.jpg', mimeType: 'image/jpeg' }]);
    expect(glb.length + body.length + head.length).toBeLessThanOrEqual(glbFormat.encodeSync(read(), { kernels: k }).length);
    expect((await validateGltf(glb, { 'Body.jpg': body, 'Head.jpg': head })).errors).toBe(0);
    const back = glbFormat.parseSync(glb, { kernels: k, resolve: siblingsOf(MRFIXIT) });
    expect(back.materials?.map((m) => [m.name, m.baseColorTexture?.uri, m.baseColorTexture?.bytes?.length])).toEqual([
      ['Body.jpg', 'Body.jpg', body.length],
      ['Head.jpg', 'Head.jpg', head.length],
    ]);
    // Without the files beside it, the URIs are kept (no bytes), and an embedding writer says it cannot embed them.
    const away = glbFormat.parseSync(glb, { kernels: k });
    expect(away.materials?.map((m) => [m.baseColorTexture?.uri, m.baseColorTexture?.bytes])).toEqual([['Body.jpg', undefined], ['Head.jpg', undefined]]);
    const rewritten = glbJson(glbFormat.encodeSync(away, { kernels: k }));
    expect(rewritten.images.map((i: any) => i.uri)).toEqual(['Body.jpg', 'Head.jpg']);
    expect(away.warnings.filter((w) => /cannot be embedded/.test(w))).toHaveLength(2);

    const none = read();
    const plain = glbJson(glbFormat.encodeSync(none, { kernels: k, textures: 'none' }));
    expect(plain.images).toBeUndefined();
    expect(plain.materials.map((m: any) => m.name)).toEqual(['Body.jpg', 'Head.jpg']);
    expect(none.warnings.filter((w) => w.includes("textures: 'none'"))).toEqual([expect.stringContaining('Body.jpg, Head.jpg')]);
  });

  it.each(BACKENDS)('%s: a .gltf with a .bin holds the images in its buffer; 0 validator errors', async (backend) => {
    const asset = iqmFormat.parseSync(bytes, { kernels: kernels[backend], fileName: MRFIXIT, resolve: siblingsOf(MRFIXIT) });
    const [main, bin] = gltfFormat.encodeFiles!(asset, 'out/mrfixit.gltf', { kernels: kernels[backend] });
    expect(bin!.name).toBe('out/mrfixit.bin');
    const report = await validateGltf(main!.bytes, { 'mrfixit.bin': bin!.bytes });
    expect(report.messages).toEqual([]);
    const back = gltfFormat.parseSync(main!.bytes, { kernels: kernels[backend], resolve: (n) => (n === 'mrfixit.bin' ? bin!.bytes : undefined) });
    expect(back.materials?.[0]?.baseColorTexture?.bytes).toEqual(body);
  });

  it.each(BACKENDS)('%s: the CLI conversion job and the decode pool job read the images beside the input', async (backend) => {
    const done = runConvertJob({ bytes, inputPath: MRFIXIT, to: 'glb', outputStem: 'mrfixit' }, kernels[backend], nodeSiblingResolver(MRFIXIT));
    if (!done.ok) throw new Error(done.error.message);
    expect(glbJson(done.files[0]!.bytes).images).toHaveLength(2);
    const { response } = await runDecodeJob({ id: 1, name: 'mrfixit.iqm', bytes: bytes.slice(), backend, companions: [{ name: 'Body.jpg', bytes: body.slice() }, { name: 'Head.jpg', bytes: head.slice() }] });
    if (!response.ok || !('asset' in response)) throw new Error('the decode job failed');
    expect(response.asset.materials?.map((m) => m.baseColorTexture?.bytes?.length)).toEqual([body.length, head.length]);
  });

  it.each(BACKENDS)('%s: the IQM writer keeps the textures by their names and says to keep the images beside it; writers without materials say they drop them', (backend) => {
    const k = kernels[backend];
    const read = () => iqmFormat.parseSync(bytes, { kernels: k, fileName: MRFIXIT, resolve: siblingsOf(MRFIXIT) });
    const forIqm = read();
    const iqm = iqmFormat.encodeSync(forIqm, { kernels: k });
    expect(forIqm.warnings.filter((w) => /texture/.test(w))).toEqual(["iqm stores no texture images: the textures of Body.jpg, Head.jpg are kept only by their material's name: keep Body.jpg, Head.jpg beside the output"]);
    expect(iqmFormat.parseSync(iqm, { kernels: k, resolve: siblingsOf(MRFIXIT) }).materials).toHaveLength(2);
    for (const format of [unigineFormat, apgFormat]) {
      const asset = read();
      format.encodeSync(asset, { kernels: k });
      expect(asset.warnings.filter((w) => /texture/.test(w)), format.name).toEqual([expect.stringContaining('Body.jpg, Head.jpg')]);
    }
    const forTf = read();
    tfFormat.encodeFiles!(forTf, 'mrfixit.msh', { kernels: k });
    expect(forTf.warnings.filter((w) => /texture/.test(w))).toEqual([expect.stringContaining('Body.jpg, Head.jpg')]);
  });
});

describe('the lookup rule', () => {
  it('tries the name as written, then other image extensions in both cases, then the last path segment', () => {
    expect(textureCandidates('Body.tga')).toEqual(['Body.tga', 'Body.png', 'Body.PNG', 'Body.jpg', 'Body.JPG', 'Body.jpeg', 'Body.JPEG', 'Body.TGA']);
    expect(textureCandidates('skin').slice(0, 2)).toEqual(['skin.png', 'skin.PNG']);
    expect(textureCandidates('C:\\art\\Body.tga')).toContain('Body.tga');
    expect(textureCandidates('C:\\art\\Body.tga')[0]).toBe('C:/art/Body.tga');
    expect(textureCandidates('body.mtl')).not.toContain('body.mtl');
  });

  it.each(BACKENDS)('%s: Body.tga finds Body.png; a missing image is a warning and the material stays untextured; a name without an image extension is silent', (backend) => {
    const k = kernels[backend];
    const png = tgaToPng(encodeTga(randomImage(3, 2, 1), { depth: 24, rle: false, topToBottom: true, rightToLeft: false }));
    const resolve = resolverOf({ 'Body.png': png });
    const asset = iqmFormat.parseSync(iqmWithMaterials(k, ['Body.tga', 'Missing.tga', 'plain']), { kernels: k, resolve });
    expect(asset.materials).toEqual([{ name: 'Body.tga', baseColorTexture: { uri: 'Body.png', mimeType: 'image/png', bytes: png } }]);
    expect(asset.warnings.filter((w) => /Missing\.tga/.test(w))).toEqual([expect.stringContaining('no image Missing.tga')]);
    expect(asset.warnings.filter((w) => /plain/.test(w))).toEqual([]);
    expect(resolve.asked).toContain('plain.png');
    // Without resolve, nothing is looked up and nothing is warned.
    expect(iqmFormat.parseSync(iqmWithMaterials(k, ['Missing.tga']), { kernels: k }).materials).toBeUndefined();
    const glb = glbFormat.encodeSync(asset, { kernels: k });
    expect(glbJson(glb).images).toEqual([{ name: 'Body.png', mimeType: 'image/png', bufferView: expect.any(Number) }]);
  });

  it.each(BACKENDS)('%s: a file naming more materials than MAX_TEXTURE_LOOKUPS has only that many looked up, with a warning', (backend) => {
    const k = kernels[backend];
    const names = Array.from({ length: MAX_TEXTURE_LOOKUPS + 40 }, (_, i) => `m${i}.png`);
    const resolve = resolverOf({});
    const asset = iqmFormat.parseSync(iqmWithMaterials(k, names), { kernels: k, resolve });
    expect(new Set(resolve.asked.map((n) => n.replace(/\.[^.]*$/, ''))).size).toBe(MAX_TEXTURE_LOOKUPS);
    expect(resolve.asked.length).toBeLessThanOrEqual(MAX_TEXTURE_LOOKUPS * 18);
    expect(asset.warnings.filter((w) => w.includes(`only the first ${MAX_TEXTURE_LOOKUPS} were looked up`))).toHaveLength(1);
    expect(asset.warnings.filter((w) => w.includes('no image m'))).toHaveLength(MAX_TEXTURE_LOOKUPS);
  });

  it.each(BACKENDS)('%s: bytes that are not an image are not used, with a warning', (backend) => {
    const asset = iqmFormat.parseSync(iqmWithMaterials(kernels[backend], ['Body.jpg']), { kernels: kernels[backend], resolve: resolverOf({ 'Body.jpg': new TextEncoder().encode('not a jpeg') }) });
    expect(asset.materials).toBeUndefined();
    expect(asset.warnings.some((w) => w.includes('Body.jpg beside the input is not a PNG, JPEG or TGA image'))).toBe(true);
  });
});

describe('TGA → PNG', () => {
  it.each(LAYOUTS.map((l) => [layoutName(l), l] as const))('%s: the PNG decodes to the TGA\'s pixels', (_name, layout) => {
    const image = randomImage(7, 5, layout.depth + (layout.rle ? 1 : 0) + (layout.topToBottom ? 2 : 0) + (layout.rightToLeft ? 4 : 0), 4);
    const tga = encodeTga(image, layout);
    const png = decodePng(tgaToPng(tga));
    expect([png.width, png.height, png.channels, png.depth]).toEqual([7, 5, layout.depth === 32 ? 4 : 3, 8]);
    expect(new Uint8Array(png.data)).toEqual(channelsOf(image, layout.depth === 32 ? 4 : 3));
  });

  it('32-bit pixels whose header says no alpha and whose alpha bytes are all 0 are opaque RGB; with alpha bytes, alpha is kept', () => {
    const image = randomImage(4, 3, 9);
    for (let p = 0; p < 12; p++) image.rgba[p * 4 + 3] = 0;
    const opaque = decodeTga(encodeTga(image, { depth: 32, rle: false, topToBottom: true, rightToLeft: false, alphaBits: 0 }));
    expect([opaque.channels, opaque.data]).toEqual([3, channelsOf(image, 3)]);
    image.rgba[3] = 77;
    const kept = decodeTga(encodeTga(image, { depth: 32, rle: true, topToBottom: false, rightToLeft: false, alphaBits: 0 }));
    expect([kept.channels, kept.data]).toEqual([4, image.rgba]);
  });

  it('greyscale, 16-bit and colour-mapped files decode', () => {
    // 2×1 greyscale, raw, top-left origin.
    const grey = decodeTga(new Uint8Array([0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 8, 0x20, 10, 200]));
    expect([grey.channels, [...grey.data]]).toEqual([1, [10, 200]]);
    // 2×1 A1R5G5B5, raw: pure red with alpha, pure blue without.
    const sixteen = decodeTga(new Uint8Array([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 16, 0x21, 0x00, 0xfc, 0x1f, 0x00]));
    expect([sixteen.channels, [...sixteen.data]]).toEqual([4, [255, 0, 0, 255, 0, 0, 255, 0]]);
    // 3×1 colour-mapped, RLE: a map of two 24-bit entries (first index 0), a run of 2 of entry 1 then 1 raw of entry 0.
    const mapped = decodeTga(new Uint8Array([0, 1, 9, 0, 0, 2, 0, 24, 0, 0, 0, 0, 3, 0, 1, 0, 8, 0x20, 1, 2, 3, 4, 5, 6, 0x81, 1, 0, 0]));
    expect([mapped.channels, [...mapped.data]]).toEqual([3, [6, 5, 4, 6, 5, 4, 3, 2, 1]]);
  });

  it.each(BACKENDS)('%s: an IQM material naming a TGA becomes an embedded PNG with the same pixels, 0 validator errors', async (backend) => {
    const k = kernels[backend];
    const image = randomImage(9, 6, 3, 5);
    const tga = encodeTga(image, { depth: 24, rle: true, topToBottom: false, rightToLeft: false });
    const asset = iqmFormat.parseSync(iqmWithMaterials(k, ['skin.tga']), { kernels: k, resolve: resolverOf({ 'skin.tga': tga }) });
    expect(asset.materials?.[0]?.baseColorTexture?.mimeType).toBe('image/x-tga');
    const glb = glbFormat.encodeSync(asset, { kernels: k });
    expect(glbJson(glb).images).toEqual([{ name: 'skin.png', mimeType: 'image/png', bufferView: expect.any(Number) }]);
    expect(new Uint8Array(decodePng(glbImage(glb, 0)).data)).toEqual(channelsOf(image, 3));
    expect((await validateGltf(glb)).errors).toBe(0);
    // 'uri' keeps the TGA's name, and says viewers do not read it.
    const byUri = iqmFormat.parseSync(iqmWithMaterials(k, ['skin.tga']), { kernels: k, resolve: resolverOf({ 'skin.tga': tga }) });
    expect(glbJson(glbFormat.encodeSync(byUri, { kernels: k, textures: 'uri' })).images).toEqual([{ uri: 'skin.tga' }]);
    expect(byUri.warnings.some((w) => w.includes('is a TGA, which glTF viewers do not read'))).toBe(true);
  });
});

describe('hostile TGAs', () => {
  const header = (fields: Partial<Record<number, number>>, extra: number[] = []) => {
    const h = new Uint8Array(18);
    for (const [at, v] of Object.entries(fields)) h[Number(at)] = v!;
    return new Uint8Array([...h, ...extra]);
  };
  const cases: [string, Uint8Array, string][] = [
    ['shorter than a header', new Uint8Array(10), 'TRUNCATED'],
    ['65535×65535 raw in 18 bytes', header({ 2: 2, 12: 255, 13: 255, 14: 255, 15: 255, 16: 24 }), 'TRUNCATED'],
    ['65535×65535 RLE in 1 KiB', header({ 2: 10, 12: 255, 13: 255, 14: 255, 15: 255, 16: 32 }, new Array(1024).fill(0xff)), 'TRUNCATED'],
    ['1024×1024 RLE runs past the memory budget', header({ 2: 10, 12: 0, 13: 4, 14: 0, 15: 4, 16: 24 }, new Array(32768).fill(0xff)), 'BAD_COUNT'],
    ['raw pixels cut short', header({ 2: 2, 12: 4, 14: 4, 16: 24 }, new Array(40).fill(1)), 'TRUNCATED'],
    ['an RLE run past the image', header({ 2: 10, 12: 2, 14: 1, 16: 24 }, [0x85, 1, 2, 3]), 'BAD_COUNT'],
    ['RLE data ending early', header({ 2: 10, 12: 4, 14: 4, 16: 24 }, [0x81, 1, 2, 3]), 'TRUNCATED'],
    ['a colour index outside the map', header({ 1: 1, 2: 1, 5: 1, 7: 24, 12: 1, 14: 1, 16: 8 }, [1, 2, 3, 7]), 'BAD_INDEX'],
    ['a colour map past the end', header({ 1: 1, 2: 1, 5: 255, 6: 255, 7: 32, 12: 1, 14: 1, 16: 8 }), 'TRUNCATED'],
    ['image type 0', header({ 2: 0, 12: 1, 14: 1, 16: 24 }), 'BAD_VALUE'],
    ['12-bit pixels', header({ 2: 2, 12: 1, 14: 1, 16: 12 }, [0, 0]), 'UNSUPPORTED'],
    ['0×0', header({ 2: 2, 16: 24 }), 'BAD_VALUE'],
  ];

  it.each(cases.map(([name, bytes, code]) => [name, code, bytes] as const))('%s: MeshFormatError %s (format tga, with an offset)', (_name, code, bytes) => {
    let error: unknown;
    try {
      decodeTga(bytes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MeshFormatError);
    expect((error as MeshFormatError).code).toBe(code);
    expect((error as MeshFormatError).format).toBe('tga');
    expect((error as MeshFormatError).offset).toEqual(expect.any(Number));
  });

  it.each(BACKENDS)('%s: through the GLB writer each is a warning and an untextured material, never an error', (backend) => {
    const k = kernels[backend];
    for (const [name, tga] of cases) {
      const asset = iqmFormat.parseSync(iqmWithMaterials(k, ['bad.tga']), { kernels: k, resolve: resolverOf({ 'bad.tga': tga }) });
      const json = glbJson(glbFormat.encodeSync(asset, { kernels: k }));
      expect(json.images, name).toBeUndefined();
      expect(json.materials[0].pbrMetallicRoughness?.baseColorTexture, name).toBeUndefined();
      expect(asset.warnings.filter((w) => w.startsWith('material bad.tga: its texture bad.tga is not written: tga: ')), name).toHaveLength(1);
    }
  });

  it('the reproducers in test/hostile-tga/ are refused the same way', () => {
    for (const [file, code] of [['tga-65535x65535-rle-1KiB__huge-dimensions.tga', 'TRUNCATED'], ['tga-1024x1024-rle-32KiB__past-memory-budget.tga', 'BAD_COUNT']] as const) {
      expect(() => decodeTga(new Uint8Array(readFileSync(join(HOSTILE, file)))), file).toThrow(expect.objectContaining({ code, format: 'tga' }));
    }
  });
});

describe('the glTF reader and hand-built Assets', () => {
  it.each(BACKENDS)('%s: a glTF texture reference out of range is a MeshFormatError; a texture on UV set 1 is warned', (backend) => {
    const k = kernels[backend];
    const asset = iqmFormat.parseSync(iqmWithMaterials(k, ['a.png']), { kernels: k, resolve: resolverOf({ 'a.png': tgaToPng(encodeTga(randomImage(2, 2, 5), { depth: 24, rle: false, topToBottom: true, rightToLeft: false })) }) });
    const json = JSON.parse(new TextDecoder().decode(gltfFormat.encodeSync(asset, { kernels: k })));
    const withInfo = (info: object) => {
      json.materials[0].pbrMetallicRoughness.baseColorTexture = info;
      return new TextEncoder().encode(JSON.stringify(json));
    };
    expect(() => gltfFormat.parseSync(withInfo({ index: 5 }), { kernels: k })).toThrow(expect.objectContaining({ code: 'BAD_INDEX', format: 'gltf' }));
    const read = gltfFormat.parseSync(withInfo({ index: 0, texCoord: 1 }), { kernels: k });
    expect(read.warnings.some((w) => w.includes('UV set 1'))).toBe(true);
    expect(read.materials?.[0]?.baseColorTexture?.mimeType).toBe('image/png');
    // A second material of the same name with a texture: the first is kept, the second warned.
    json.materials[0].pbrMetallicRoughness.baseColorTexture = { index: 0 };
    json.materials.push(structuredClone(json.materials[0]));
    json.meshes.push({ primitives: [{ ...json.meshes[0].primitives[0], material: 1 }] });
    json.nodes.push({ mesh: json.meshes.length - 1 });
    json.scenes[0].nodes.push(json.nodes.length - 1);
    const twice = gltfFormat.parseSync(new TextEncoder().encode(JSON.stringify(json)), { kernels: k });
    expect(twice.meshes.map((m) => m.material)).toEqual(['a.png', 'a.png']);
    expect(twice.materials).toHaveLength(1);
    expect(twice.warnings.filter((w) => w.includes('has the name a.png of an earlier material'))).toHaveLength(1);
  });

  it.each(BACKENDS)('%s: texture bytes are the Asset\'s own: overwriting the resolver\'s buffers after parsing changes nothing', (backend) => {
    const k = kernels[backend];
    const png = tgaToPng(encodeTga(randomImage(3, 2, 9), { depth: 24, rle: false, topToBottom: true, rightToLeft: false }));
    const given = png.slice();
    const asset = iqmFormat.parseSync(iqmWithMaterials(k, ['a.png']), { kernels: k, resolve: resolverOf({ 'a.png': given }) });
    // The same image by URI from a .gltf: the glTF reader's own resolver path.
    const json = JSON.parse(new TextDecoder().decode(gltfFormat.encodeSync(asset, { kernels: k, textures: 'uri' })));
    const byUri = given.slice();
    const read = gltfFormat.parseSync(new TextEncoder().encode(JSON.stringify(json)), { kernels: k, resolve: resolverOf({ 'a.png': byUri }) });
    given.fill(0);
    byUri.fill(0);
    expect(asset.materials?.[0]?.baseColorTexture?.bytes).toEqual(png);
    expect(read.materials?.[0]?.baseColorTexture?.bytes).toEqual(png);
  });

  it('validateAsset refuses a material listed twice, a uri that is not a string, bytes that are not a Uint8Array', () => {
    const base = (): Asset => ({ source: 't', warnings: [], animations: [], meshes: [] });
    const cases: [Asset['materials'], string][] = [
      [[{ name: 'a' }, { name: 'a' }], 'materials[1].name'],
      [[{ name: 'a', baseColorTexture: { uri: 3 as unknown as string } }], 'materials[0].baseColorTexture.uri'],
      [[{ name: 'a', baseColorTexture: { uri: 'a.png', bytes: [1, 2] as unknown as Uint8Array } }], 'materials[0].baseColorTexture.bytes'],
    ];
    for (const [materials, path] of cases) {
      expect(() => glbFormat.encodeSync({ ...base(), materials }), path).toThrow(expect.objectContaining({ path, format: 'asset' }));
    }
  });

  it('an image of a type glTF cannot embed is written as a reference, warned; without a file name it is left out, warned', () => {
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
    const asset = (uri: string): Asset => ({
      source: 't',
      warnings: [],
      animations: [],
      meshes: [{ name: 'm', material: 'm', attributes: { positions: new Float32Array(9), uvs: [new Float32Array(6)] }, indices: new Uint8Array([0, 1, 2]) }],
      materials: [{ name: 'm', baseColorTexture: { uri, bytes: webp } }],
    });
    const named = asset('skin.webp');
    expect(glbJson(glbFormat.encodeSync(named)).images).toEqual([{ uri: 'skin.webp' }]);
    expect(named.warnings.some((w) => w.includes('of type image/webp, which glTF core cannot embed'))).toBe(true);
    const anonymous = asset('data:image/webp;base64,AAAA');
    expect(glbJson(glbFormat.encodeSync(anonymous)).images).toBeUndefined();
    expect(anonymous.warnings.some((w) => w.includes('not written'))).toBe(true);
  });

  it.each(BACKENDS)('%s: a texture whose material a mesh without UVs uses is left out, warned (glTF needs TEXCOORD_0 for it); 0 validator errors', async (backend) => {
    const k = kernels[backend];
    const png = tgaToPng(encodeTga(randomImage(2, 2, 6), { depth: 24, rle: false, topToBottom: true, rightToLeft: false }));
    const asset: Asset = {
      source: 't',
      warnings: [],
      animations: [],
      meshes: [
        { name: 'with', material: 'm', attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), uvs: [new Float32Array(6)] }, indices: new Uint8Array([0, 1, 2]) },
        { name: 'without', material: 'm', attributes: { positions: new Float32Array([0, 0, 1, 1, 0, 1, 0, 1, 1]) }, indices: new Uint8Array([0, 1, 2]) },
      ],
      materials: [{ name: 'm', baseColorTexture: { uri: 'm.png', bytes: png } }],
    };
    const glb = glbFormat.encodeSync(asset, { kernels: k });
    expect(glbJson(glb).images).toBeUndefined();
    expect(asset.warnings).toEqual(['material m: its texture m.png is not written: mesh without uses it and has no UV set']);
    expect((await validateGltf(glb)).errors).toBe(0);
  });
});

describe('imageSize (PNG and JPEG headers, before embedding)', () => {
  it('reads a PNG\'s IHDR and a JPEG\'s frame header; refuses them cut short', () => {
    const png = tgaToPng(encodeTga(randomImage(7, 5, 8), { depth: 32, rle: false, topToBottom: true, rightToLeft: false }));
    expect(imageSize(png, 'image/png')).toEqual({ width: 7, height: 5 });
    expect(imageSize(png.subarray(0, 30), 'image/png')).toBeUndefined();
    // SOI, an APP0 segment of 16 bytes, then SOF0: 8-bit, 300 high, 200 wide.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0, 0xc8, 3]);
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 200, height: 300 });
    expect(imageSize(jpeg.subarray(0, 24), 'image/jpeg')).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'image/jpeg')).toBeUndefined();
  });
});

describe('the demo page groups images with the models picked beside them', () => {
  it('every model gets every picked image as a companion; images alone stay files of their own', async () => {
    const { groupFiles } = await import('./demo/group-files.js');
    const named = (...names: string[]) => names.map((name) => ({ name }));
    const groups = groupFiles(named('mrfixit.iqm', 'Body.jpg', 'Head.JPG', 'car.msh', 'car.msh.blob', 'skin.tga'));
    expect(groups.map((g) => [g.main.name, g.companions.map((c) => c.name)])).toEqual([
      ['mrfixit.iqm', ['Body.jpg', 'Head.JPG', 'skin.tga']],
      ['car.msh', ['car.msh.blob', 'Body.jpg', 'Head.JPG', 'skin.tga']],
    ]);
    expect(groupFiles(named('Body.jpg')).map((g) => g.main.name)).toEqual(['Body.jpg']);
  });
});

describe('the writer gate over broken materials', () => {
  const WRITERS: FormatHandler[] = [glbFormat, gltfFormat, iqmFormat, unigineFormat, tfFormat, apgFormat];
  const BROKEN: unknown[] = [
    null,
    7,
    'materials',
    [null],
    [{}],
    [{ name: 5 }],
    [{ name: 'm', baseColorTexture: null }],
    [{ name: 'm', baseColorTexture: 'm.png' }],
    [{ name: 'm', baseColorTexture: { uri: 'm.png', mimeType: 3 } }],
    [{ name: 'm', baseColorTexture: { uri: 'm.png', bytes: new Uint16Array(4) } }],
    [{ name: 'm', baseColorTexture: { uri: 'm.png', bytes: new ArrayBuffer(4) } }],
    [{ name: 'm' }, { name: 'm' }],
  ];

  it.each(BACKENDS)('%s: every writer refuses each with a MeshFormatError naming the path under materials, never INTERNAL', (backend) => {
    const k = kernels[backend];
    for (const materials of BROKEN) {
      for (const format of WRITERS) {
        const asset = { source: 't', warnings: [], animations: [], materials, meshes: [{ name: 'm', material: 'm', attributes: { positions: new Float32Array(9), uvs: [new Float32Array(6)] }, indices: new Uint8Array([0, 1, 2]) }] } as unknown as Asset;
        let error: unknown;
        try {
          format.encodeSync(asset, { kernels: k });
        } catch (e) {
          error = e;
        }
        expect(error, `${format.name} ${String(JSON.stringify(materials))}`).toBeInstanceOf(MeshFormatError);
        expect((error as MeshFormatError).code).not.toBe('INTERNAL');
        expect((error as MeshFormatError).path).toMatch(/^materials/);
      }
    }
  });

  it.each(BACKENDS)('%s: hostile image bytes through every writer: bytes out, warnings, never an error', (backend) => {
    const k = kernels[backend];
    const images = [new Uint8Array(0), new Uint8Array([0x89, 0x50, 0x4e, 0x47]), new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(18), new Uint8Array(100).fill(0xff)];
    for (const bytes of images) {
      for (const uri of ['m.png', 'm.tga', 'm', 'data:x', '../m.png', '']) {
        for (const format of WRITERS) {
          const asset: Asset = { source: 't', warnings: [], animations: [], materials: [{ name: 'm', baseColorTexture: { uri, bytes } }], meshes: [{ name: 'm', material: 'm', attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), uvs: [new Float32Array(6)] }, indices: new Uint8Array([0, 1, 2]) }] };
          const files = format.encodeFiles ? format.encodeFiles(asset, `out${format.extensions[0]}`, { kernels: k }) : [{ name: 'out', bytes: format.encodeSync(asset, { kernels: k }) }];
          expect(files[0]!.bytes.length, `${format.name} ${uri}`).toBeGreaterThan(0);
          expect(asset.warnings.some((w) => /texture/.test(w)), `${format.name} ${uri} ${bytes.length}`).toBe(true);
        }
      }
    }
  });
});

const GLTF_SAMPLES = '/usr/share/assimp/models/glTF2';
const textureSamples = existsSync(GLTF_SAMPLES)
  ? execFileSync('find', [GLTF_SAMPLES, '-name', '*.gl*'], { encoding: 'utf8' }).trim().split('\n').filter((f) => /\.(glb|gltf)$/.test(f) && /"baseColorTexture"/.test(f.endsWith('.gltf') ? readFileSync(f, 'utf8') : new TextDecoder().decode(readFileSync(f).subarray(0, 65536)))).sort()
  : [];

describe.skipIf(!textureSamples.length)("assimp's glTF samples with base colour textures", () => {
  it.each(textureSamples)('%s: every textured material a mesh uses keeps its image in our GLB, or a warning says why; 0 validator errors', async (file) => {
    const bytes = new Uint8Array(readFileSync(file));
    let asset: Asset;
    try {
      asset = (file.endsWith('.glb') ? glbFormat : gltfFormat).parseSync(bytes, { resolve: siblingsOf(file) });
    } catch (e) {
      expect(e).toBeInstanceOf(MeshFormatError);
      return;
    }
    const used = new Set(asset.meshes.map((m) => m.material));
    const textured = (asset.materials ?? []).filter((m) => m.baseColorTexture?.bytes && used.has(m.name));
    // Khronos' textured box, in every packaging: its one material keeps its PNG.
    if (/\/BoxTextured-glTF[^/]*\//.test(file)) expect(textured.map((m) => m.baseColorTexture!.mimeType)).toEqual(['image/png']);
    const before = asset.warnings.length;
    const glb = glbFormat.encodeSync(asset);
    const json = glbJson(glb);
    const written = new Set<string>((json.materials ?? []).filter((m: any) => m.pbrMetallicRoughness?.baseColorTexture).map((m: any) => m.name));
    for (const material of textured) {
      if (!written.has(material.name)) expect(asset.warnings.slice(before).some((w) => w.startsWith(`material ${material.name}: `)), material.name).toBe(true);
    }
    expect((await validateGltf(glb)).errors).toBe(0);
    const back = glbFormat.parseSync(glb);
    expect((back.materials ?? []).map((m) => m.name).sort()).toEqual([...written].sort());
  });
});


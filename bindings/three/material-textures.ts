// Base colour textures for the loader's materials, from the Asset's `materials` (h-tex's texture
// concept): an image the reader found comes with its bytes (a GLB's embedded image, an image given
// as a companion) and is decoded with createImageBitmap (TGA converted to PNG first, as the glTF
// writer embeds it); an image known only by its URI (a .gltf's external image not sent with it),
// and an IQM material named like an image file (mrfixit's `Body.jpg`) that the worker could not
// see, are fetched beside the file through the loader's LoadingManager. Textures are sRGB with
// flipY off: the Asset's UV origin is the image's top-left corner, as glTF's (GLTFLoader does the
// same). They are all ready before the load resolves, as GLTFLoader's are. A runtime without
// createImageBitmap (Node) gets no textures, said in the warnings.
// Alternative not taken for the IQM names: trying every candidate name the reader tries
// (`Body.tga` → `Body.png`, `Body.PNG`, `Body.jpg`, … up to 18 requests, each a 404 logged by the
// browser); only the name as written is fetched.
import { ImageBitmapLoader, SRGBColorSpace, Texture, type LoadingManager } from 'three';
import type { Asset } from '../model/asset.js';
import { mimeTypeOfName, TGA_MIME_TYPE } from '../textures/image-type.js';
import { tgaToPng } from '../textures/tga-to-png.js';

/** Material name → its base colour texture. */
export type MaterialTextures = Map<string, Texture>;

function finish(bitmap: ImageBitmap, name: string): Texture {
  const texture = new Texture(bitmap);
  texture.name = name;
  texture.flipY = false;
  texture.colorSpace = SRGBColorSpace;
  texture.needsUpdate = true;
  return texture;
}

async function fromBytes(bytes: Uint8Array, mimeType: string | undefined, name: string): Promise<Texture> {
  const png = mimeType === TGA_MIME_TYPE ? tgaToPng(bytes) : bytes;
  const blob = new Blob([png as Uint8Array<ArrayBuffer>], { type: mimeType === TGA_MIME_TYPE ? 'image/png' : (mimeType ?? '') });
  return finish(await createImageBitmap(blob, { imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' }), name);
}

async function fromUrl(manager: LoadingManager, url: string, name: string): Promise<Texture> {
  const loader = new ImageBitmapLoader(manager).setOptions({ imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  return finish(await loader.loadAsync(url), name);
}

/**
 * The textures of every material name the Asset's meshes use. `resourcePath` is where images
 * known by name only are fetched from; undefined: nothing is fetched (the files were given, as
 * dropped files are: an image not among them was already not found). Failures are warnings (the
 * material stays untextured).
 */
export async function loadMaterialTextures(asset: Asset, manager: LoadingManager, resourcePath: string | undefined, warnings: string[]): Promise<MaterialTextures> {
  const textures: MaterialTextures = new Map();
  const used = new Set(asset.meshes.map((m) => m.material).filter((name): name is string => !!name));
  const listed = new Map((asset.materials ?? []).map((m) => [m.name, m]));
  const jobs: { name: string; load: () => Promise<Texture> }[] = [];
  for (const name of used) {
    const image = listed.get(name)?.baseColorTexture;
    if (image?.bytes) jobs.push({ name, load: () => fromBytes(image.bytes!, image.mimeType, image.uri) });
    else if (resourcePath === undefined) {
      if (image) warnings.push(`material ${name}: its texture ${image.uri} was not among the files given; the material has no texture`);
    } else if (image) jobs.push({ name, load: () => fromUrl(manager, resourcePath + encodeURI(image.uri), image.uri) });
    else if (mimeTypeOfName(name.replace(/\\/g, '/')) && !/^[a-zA-Z][a-zA-Z0-9+.-]*:|^[\\/]|(^|[\\/])\.\.([\\/]|$)/.test(name)) {
      jobs.push({ name, load: () => fromUrl(manager, resourcePath + encodeURI(name.replace(/\\/g, '/')), name) });
    }
  }
  if (jobs.length === 0) return textures;
  if (typeof createImageBitmap !== 'function') {
    warnings.push(`textures of ${jobs.length} material(s) are not loaded: this runtime has no createImageBitmap`);
    return textures;
  }
  await Promise.all(
    jobs.map(async ({ name, load }) => {
      try {
        textures.set(name, await load());
      } catch (error) {
        warnings.push(`material ${name}: its texture could not be loaded (${(error as Error)?.message ?? String(error)}); the material has no texture`);
      }
    }),
  );
  return textures;
}

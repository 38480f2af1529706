// `MeshcodecLoader`: a THREE.Loader for every format meshcodec reads, shaped like GLTFLoader
// (load / loadAsync / parse / parseAsync, a result with scene, scenes, animations, cameras,
// asset, userData) so that code written for GLTFLoader works unchanged, react-three-fiber's
// useLoader included. Files decode in meshcodec's worker pool (`meshcodec/worker`): the file's
// bytes go to a worker and the Asset's typed arrays come back transferred, not copied, and
// become the geometry's attributes and the clips' keys as they are. Without module Workers
// (Node), or when told to, files decode on the calling thread through the same decode job the
// workers run, so both paths give the same Asset and the same errors.
// Alternative not taken: decoding straight to GLB in the worker and handing it to GLTFLoader
// (one conversion path fewer to keep here). It writes and re-reads every array, costs GLTFLoader's
// own parsing on the main thread (bench/three-loader.bench.ts measures the two), and loses what
// glTF cannot hold as the Asset has it (values the writer repairs, bone names it sanitizes).
import { FileLoader, Loader, LoaderUtils, type AnimationClip, type Camera, type Group, type LoadingManager } from 'three';
import type { BackendChoice } from '../kernels/backend.js';
import type { BackendName } from '../kernels/kernels.js';
import { createDecodePool, type BrowserDecodePoolOptions } from '../workers/browser-pool.js';
import type { CompanionFile, DecodedAsset, DecodeInput, DecodePool, PoolBytes } from '../workers/pool-core.js';
import { runDecodeJob } from '../workers/pool-job.js';
import { errorFromData, type DecodeRequest } from '../workers/pool-messages.js';
import { assetToThree, type AssetObjects, type AssetToThreeOptions } from './asset-to-three.js';
import { companionNames, lastSegment } from './companion-names.js';
import { loadMaterialTextures } from './material-textures.js';

export interface MeshcodecLoaderOptions extends AssetToThreeOptions {
  /**
   * 'worker': decode in the loader's pool of module workers; 'main-thread': on the calling
   * thread; 'auto' (default): workers where the runtime has module Workers (browsers, Deno), the
   * calling thread otherwise (Node: give `setDecodePool(createDecodePool())` from
   * `meshcodec/worker` for worker threads there).
   */
  decoder?: 'auto' | 'worker' | 'main-thread';
  /** Kernels to decode with; default 'auto' (wasm-simd where supported). */
  backend?: BackendChoice;
  /** Source format name; default: detected from the bytes and the file name. */
  format?: string;
  /** Frames per second for formats that store none (UNIGINE); default 30. */
  frameRate?: number;
  /** Where the pool's worker script is, for bundlers that do not copy it (see `meshcodec/worker`). */
  workerUrl?: BrowserDecodePoolOptions['workerUrl'];
  /** Starts a pool worker, for setups a URL cannot express (see `meshcodec/worker`). */
  createWorker?: BrowserDecodePoolOptions['createWorker'];
}

export const MESHCODEC_LOADER_DEFAULTS: Required<Pick<MeshcodecLoaderOptions, 'decoder' | 'backend' | 'upAxis'>> = { decoder: 'auto', backend: 'auto', upAxis: 'y' };

export interface MeshcodecParseOptions {
  /** Cancels the decode (and the companions' requests); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The files that go with this one, given rather than fetched (a dropped `.msh.blob`, images); with them, nothing is fetched. */
  companions?: CompanionFile[];
  /** Base URL companions are fetched from; default: the loader's resourcePath, else the folder of `name`. */
  resourcePath?: string;
}

/** What meshcodec adds in `result.userData.meshcodec`. */
export interface MeshcodecLoadInfo {
  /** Format the file was read as ('iqm', 'tf', …). */
  format: string;
  backend: BackendName;
  /** Milliseconds spent decoding (in the worker, or on the calling thread). */
  decodeMs: number;
  /** Bytes read: the file and its companions. */
  byteLength: number;
  /** What the conversion could not carry over, one sentence each. */
  warnings: string[];
  /** Whether the file ran in a worker. */
  inWorker: boolean;
}

/**
 * The result, shaped like GLTFLoader's GLTF: one scene (a Group per file), its clips, no
 * cameras (none of these formats stores one), `asset.generator` 'meshcodec', and no `parser`
 * (there is no glTF JSON to query: `userData.meshcodec` says how the file was read).
 */
export interface MeshcodecResult {
  scene: Group;
  scenes: Group[];
  animations: AnimationClip[];
  cameras: Camera[];
  asset: { generator: string; version?: string; extras?: Record<string, unknown> };
  parser?: undefined;
  userData: { meshcodec: MeshcodecLoadInfo } & Record<string, unknown>;
}

/** A file name for format detection and messages: the URL's last segment, without query or fragment, decoded. */
export function fileNameOfUrl(url: string): string {
  const path = url.replace(/[?#].*$/s, '');
  const last = lastSegment(path);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

interface OwnPool {
  pool: DecodePool;
  busy: number;
  retired: boolean;
}

export class MeshcodecLoader extends Loader<MeshcodecResult> {
  private options: MeshcodecLoaderOptions;
  private workerLimit: number;
  private own: OwnPool | undefined;
  private external: DecodePool | undefined;
  private controller = new AbortController();
  private readonly fileLoaders = new Set<FileLoader>();

  constructor(manager?: LoadingManager, options: MeshcodecLoaderOptions = {}) {
    super(manager);
    this.options = { ...MESHCODEC_LOADER_DEFAULTS, ...options };
    this.workerLimit = globalThis.navigator?.hardwareConcurrency || 4;
  }

  /** Changes options (decoder, backend, format, frameRate, upAxis, createMaterial, worker script). */
  setOptions(options: MeshcodecLoaderOptions): this {
    const poolChanged = ['backend', 'workerUrl', 'createWorker'].some((key) => key in options);
    this.options = { ...this.options, ...options };
    if (poolChanged) this.retireOwnPool();
    return this;
  }

  /** Number of decode workers (default: navigator.hardwareConcurrency). Files being decoded finish in the old pool. */
  setWorkerLimit(limit: number): this {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`meshcodec: the worker limit must be a positive integer, got ${limit}`);
    if (limit !== this.workerLimit) this.retireOwnPool();
    this.workerLimit = limit;
    return this;
  }

  /** Decodes in `pool` (from `meshcodec/worker`, Node's too) instead of the loader's own; the caller destroys it. */
  setDecodePool(pool: DecodePool | undefined): this {
    this.external = pool;
    return this;
  }

  /** Stops the loader's own workers (files being decoded reject). The loader starts new ones if used again. */
  dispose(): this {
    this.own?.pool.destroy();
    this.own = undefined;
    return this;
  }

  /** Cancels every request and decode in progress: their promises reject with an AbortError. */
  override abort(): this {
    this.controller.abort(new DOMException('meshcodec: the loader was aborted', 'AbortError'));
    this.controller = new AbortController();
    for (const loader of this.fileLoaders) loader.abort();
    return this;
  }

  override load(url: string, onLoad: (result: MeshcodecResult) => void, onProgress?: (event: ProgressEvent) => void, onError?: (error: unknown) => void): void {
    const resourcePath = this.resourcePathFor(url);
    const fail = (error: unknown) => {
      if (onError) onError(error);
      else console.error(error);
      this.manager.itemError(url);
      this.manager.itemEnd(url);
    };
    this.manager.itemStart(url);
    // As GLTFLoader: an onLoad that throws goes to onError (and the item still ends), never an unhandled rejection.
    this.fetchBytes(url, this.path, onProgress)
      .then((bytes) => this.parseAsync(bytes, url, { resourcePath }))
      .then((result) => {
        onLoad(result);
        this.manager.itemEnd(url);
      })
      .catch(fail);
  }

  /** Calls back with the result or the error (a MeshFormatError for bad input). */
  parse(data: PoolBytes, name: string, onLoad: (result: MeshcodecResult) => void, onError?: (error: unknown) => void, options?: MeshcodecParseOptions): void {
    this.parseAsync(data, name, options)
      .then(onLoad)
      .catch(onError ?? ((error) => console.error(error)));
  }

  /**
   * Decodes `data`, a file named (or at the URL) `name`. An ArrayBuffer or a Uint8Array that
   * spans its whole buffer is moved to the worker, not copied: it is detached afterwards. Its
   * companions are fetched relative to `name` unless given. Rejects with a MeshFormatError for
   * bad input, an Error for a file no format recognises, the signal's reason when aborted.
   */
  async parseAsync(data: PoolBytes, name: string, options: MeshcodecParseOptions = {}): Promise<MeshcodecResult> {
    const signal = this.signalWith(options.signal);
    signal.throwIfAborted();
    const fileName = fileNameOfUrl(name);
    let bytes = data;
    let companions = options.companions;
    const base = options.resourcePath ?? this.resourcePathFor(name);
    if (!companions) {
      const view = data instanceof Uint8Array ? data : new Uint8Array(data instanceof ArrayBuffer ? data : await data.arrayBuffer());
      bytes = view;
      const found = await Promise.all(
        companionNames(view, fileName, this.options.format).map(async (c): Promise<CompanionFile[]> => {
          const companion = await this.fetchCompanion(base + c.url, signal);
          return companion ? [{ name: c.name, bytes: companion }] : [];
        }),
      );
      companions = found.flat();
    }
    const decoded = await this.decode({ name: fileName, bytes, companions }, signal);
    const textureWarnings: string[] = [];
    // Files given rather than fetched (dropped files): images are not fetched either.
    const textures = await loadMaterialTextures(decoded.asset, this.manager, options.companions ? undefined : base, textureWarnings);
    signal.throwIfAborted();
    const objects = assetToThree(decoded.asset, { ...this.options, textures, validate: false });
    objects.warnings.push(...textureWarnings);
    objects.scene.name = fileName;
    return this.result(objects, decoded);
  }

  private result(objects: AssetObjects, decoded: DecodedAsset & { inWorker: boolean }): MeshcodecResult {
    const meshcodec: MeshcodecLoadInfo = {
      format: decoded.format,
      backend: decoded.backend,
      decodeMs: decoded.decodeMs,
      byteLength: decoded.byteLength,
      warnings: objects.warnings,
      inWorker: decoded.inWorker,
    };
    return {
      scene: objects.scene,
      scenes: [objects.scene],
      animations: objects.animations,
      cameras: [],
      asset: { generator: 'meshcodec', extras: { format: decoded.format } },
      userData: { meshcodec },
    };
  }

  private async decode(input: DecodeInput, signal: AbortSignal): Promise<DecodedAsset & { inWorker: boolean }> {
    const { format, frameRate, decoder } = this.options;
    const options = { signal, ...(format !== undefined ? { format } : {}), ...(frameRate !== undefined ? { frameRate } : {}) };
    if (this.external) return { ...(await this.external.decode(input, options)), inWorker: true };
    if (decoder === 'worker' || (decoder === 'auto' && typeof (globalThis as { Worker?: unknown }).Worker === 'function')) {
      const own = this.ownPool();
      own.busy++;
      try {
        return { ...(await own.pool.decode(input, options)), inWorker: true };
      } finally {
        own.busy--;
        if (own.retired && own.busy === 0) own.pool.destroy();
      }
    }
    // The calling thread: the workers' own decode job, so that results and errors are the same.
    const request: DecodeRequest = { id: 0, name: input.name, bytes: input.bytes, companions: input.companions ?? [], backend: this.options.backend ?? 'auto' };
    if (format !== undefined) request.format = format;
    if (frameRate !== undefined) request.frameRate = frameRate;
    const { response } = await runDecodeJob(request);
    signal.throwIfAborted();
    if (!response.ok) throw errorFromData(response.error);
    if (!('asset' in response)) throw new Error('meshcodec: the decode job returned no Asset');
    const { id: _id, ok: _ok, ...result } = response;
    return { name: input.name, ...result, inWorker: false };
  }

  private ownPool(): OwnPool {
    if (!this.own) {
      const { backend, workerUrl, createWorker } = this.options;
      const poolOptions: BrowserDecodePoolOptions = { size: this.workerLimit, backend: backend ?? 'auto' };
      if (workerUrl !== undefined) poolOptions.workerUrl = workerUrl;
      if (createWorker !== undefined) poolOptions.createWorker = createWorker;
      this.own = { pool: createDecodePool(poolOptions), busy: 0, retired: false };
    }
    return this.own;
  }

  /** New decodes go to a new pool; the old one stops when its last decode ends. */
  private retireOwnPool(): void {
    const own = this.own;
    if (!own) return;
    this.own = undefined;
    own.retired = true;
    if (own.busy === 0) own.pool.destroy();
  }

  /** As GLTFLoader: resourcePath, else the loader's path joined with the URL's folder, else the URL's folder. */
  private resourcePathFor(url: string): string {
    if (this.resourcePath !== '') return this.resourcePath;
    const base = LoaderUtils.extractUrlBase(url);
    return this.path !== '' ? LoaderUtils.resolveURL(base, this.path) : base;
  }

  private signalWith(signal: AbortSignal | undefined): AbortSignal {
    return signal ? AbortSignal.any([signal, this.controller.signal]) : this.controller.signal;
  }

  private fetchBytes(url: string, path: string, onProgress?: (event: ProgressEvent) => void): Promise<ArrayBuffer> {
    const loader = new FileLoader(this.manager);
    loader.setPath(path).setResponseType('arraybuffer').setRequestHeader(this.requestHeader).setWithCredentials(this.withCredentials);
    this.fileLoaders.add(loader);
    return new Promise<ArrayBuffer>((resolve, reject) => loader.load(url, (data) => resolve(data as ArrayBuffer), onProgress, reject)).finally(() => this.fileLoaders.delete(loader));
  }

  /** A companion through the LoadingManager (its URL modifier, its counts); undefined when it cannot be had (the reader then names it missing). */
  private async fetchCompanion(url: string, signal: AbortSignal): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await this.fetchBytes(url, ''));
    } catch (error) {
      signal.throwIfAborted();
      void error;
      return undefined;
    }
  }
}

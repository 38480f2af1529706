// The decode pool, independent of the worker technology: a queue of jobs, a set of workers
// created on demand up to `size`, one job per worker at a time. browser-pool.ts (module Workers)
// and node-pool.ts (worker_threads) supply the workers.
import type { EncodedFile } from '../formats/format.js';
import type { BackendChoice } from '../kernels/backend.js';
import type { BackendName } from '../kernels/kernels.js';
import type { Asset } from '../model/asset.js';
import { errorFromData, postableBytes, type CompanionFile, type DecodeRequest, type DecodeResponse, type PoolBytes } from './pool-messages.js';

export type { CompanionFile, PoolBytes } from './pool-messages.js';
export type { BackendChoice } from '../kernels/backend.js';
export type { EncodedFile } from '../formats/format.js';

export interface DecodePoolOptions {
  /** Number of workers; default: the platform's parallelism (navigator.hardwareConcurrency). */
  size?: number;
  /** Kernels each worker decodes with; default 'auto' (wasm-simd where supported). */
  backend?: BackendChoice;
}

export const DECODE_POOL_DEFAULTS: Required<Pick<DecodePoolOptions, 'backend'>> = { backend: 'auto' };

/** One file to decode. Its bytes (and the companions') are moved to the worker, not copied. */
export interface DecodeInput {
  /** File name: used to detect the format, in messages, and to name encoded output. */
  name: string;
  bytes: PoolBytes;
  /** Files the reader may ask for by name (a Transport Fever `.msh.blob` beside its `.msh`). */
  companions?: CompanionFile[];
}

export interface DecodeOptions {
  /** Cancels the job: removed from the queue, or its worker is stopped and replaced. */
  signal?: AbortSignal;
  /** Source format name; default: detected from the bytes and the file name. */
  format?: string;
  /** Target format name (e.g. 'glb'): the result carries encoded files instead of the Asset. */
  to?: string;
  /** Frames per second for formats that store none (UNIGINE). */
  frameRate?: number;
}

interface DecodedBase {
  name: string;
  /** Format the file was read as. */
  format: string;
  /** Backend the worker decoded with. */
  backend: BackendName;
  /** Milliseconds the worker spent decoding (and encoding). */
  decodeMs: number;
  /** Bytes of input: the file plus its companions. */
  byteLength: number;
}

export interface DecodedAsset extends DecodedBase {
  asset: Asset;
}

export interface DecodedFiles extends DecodedBase {
  /** Format written. */
  to: string;
  /** The encoded output, main file first. */
  files: EncodedFile[];
  /** What the conversion could not carry over. */
  warnings: string[];
}

/** What a pool needs from one worker (a module Worker, a worker_threads Worker). */
export interface PoolWorker {
  post(request: DecodeRequest, transfer: ArrayBuffer[]): void;
  terminate(): void;
  /** Told when the worker starts or finishes a job (Node unrefs idle threads). */
  setBusy?(busy: boolean): void;
}

/** Starts a worker that calls `onResponse` for each answer and `onFailure` if it dies. */
export type SpawnWorker = (onResponse: (response: DecodeResponse) => void, onFailure: (error: Error) => void) => PoolWorker;

interface Job {
  request: DecodeRequest;
  transfer: ArrayBuffer[];
  resolve(result: DecodedAsset | DecodedFiles): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class DecodePool {
  readonly size: number;
  readonly backend: BackendChoice;
  private readonly spawn: SpawnWorker;
  private readonly queue: Job[] = [];
  private readonly idle: PoolWorker[] = [];
  private readonly running = new Map<PoolWorker, Job>();
  private nextId = 1;
  private destroyed = false;

  constructor(spawn: SpawnWorker, size: number, options: DecodePoolOptions = {}) {
    const { backend } = { ...DECODE_POOL_DEFAULTS, ...options };
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`meshcodec: pool size must be a positive integer, got ${size}`);
    this.spawn = spawn;
    this.size = size;
    this.backend = backend;
  }

  /** Workers started so far (they start on demand, up to `size`). */
  get workerCount(): number {
    return this.idle.length + this.running.size;
  }

  /**
   * Decodes one file in a worker. Resolves to the Asset, or to encoded files when `to` is given;
   * rejects with a MeshFormatError for bad input, an Error for an unknown format, or the
   * signal's reason when cancelled.
   */
  decode(input: DecodeInput, options: DecodeOptions & { to: string }): Promise<DecodedFiles>;
  decode(input: DecodeInput, options?: DecodeOptions & { to?: undefined }): Promise<DecodedAsset>;
  decode(input: DecodeInput, options: DecodeOptions): Promise<DecodedAsset | DecodedFiles>;
  decode(input: DecodeInput, options: DecodeOptions = {}): Promise<DecodedAsset | DecodedFiles> {
    if (this.destroyed) return Promise.reject(new Error('meshcodec: the decode pool was destroyed'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const transfer: ArrayBuffer[] = [];
    const request: DecodeRequest = {
      id: this.nextId++,
      name: input.name,
      bytes: postableBytes(input.bytes, transfer),
      companions: (input.companions ?? []).map((c) => ({ name: c.name, bytes: postableBytes(c.bytes, transfer) })),
      backend: this.backend,
    };
    if (options.format !== undefined) request.format = options.format;
    if (options.to !== undefined) request.to = options.to;
    if (options.frameRate !== undefined) request.frameRate = options.frameRate;
    return new Promise((resolve, reject) => {
      const job: Job = { request, transfer, resolve, reject, signal, onAbort: () => this.cancel(job) };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  /** Stops every worker; queued and running jobs reject. The pool cannot be used again. */
  destroy(): void {
    this.destroyed = true;
    const error = new Error('meshcodec: the decode pool was destroyed');
    for (const job of this.queue.splice(0)) this.settle(job, () => job.reject(error));
    for (const [worker, job] of this.running) {
      worker.terminate();
      this.settle(job, () => job.reject(error));
    }
    this.running.clear();
    for (const worker of this.idle.splice(0)) worker.terminate();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.workerCount < this.size ? this.startWorker() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.setBusy?.(true);
      worker.post(job.request, job.transfer);
    }
  }

  private startWorker(): PoolWorker {
    const worker: PoolWorker = this.spawn(
      (response) => this.finish(worker, response),
      (error) => this.fail(worker, error),
    );
    return worker;
  }

  private finish(worker: PoolWorker, response: DecodeResponse): void {
    const job = this.running.get(worker);
    if (!job || job.request.id !== response.id) return;
    this.running.delete(worker);
    worker.setBusy?.(false);
    this.idle.push(worker);
    this.settle(job, () => {
      if (!response.ok) return job.reject(errorFromData(response.error));
      const { id: _id, ok: _ok, ...result } = response;
      job.resolve({ name: job.request.name, ...result });
    });
    this.pump();
  }

  /** A worker died (its script failed to load, or it crashed): its job fails, the worker is dropped. */
  private fail(worker: PoolWorker, error: Error): void {
    worker.terminate();
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    const job = this.running.get(worker);
    this.running.delete(worker);
    if (job) this.settle(job, () => job.reject(error));
    this.pump();
  }

  private cancel(job: Job): void {
    const queuedAt = this.queue.indexOf(job);
    if (queuedAt >= 0) {
      this.queue.splice(queuedAt, 1);
    } else {
      // A running decode is synchronous inside its worker: the only way to stop it is to stop the worker.
      for (const [worker, running] of this.running) {
        if (running !== job) continue;
        worker.terminate();
        this.running.delete(worker);
      }
    }
    this.settle(job, () => job.reject(job.signal?.reason));
    this.pump();
  }

  private settle(job: Job, outcome: () => void): void {
    job.signal?.removeEventListener('abort', job.onAbort);
    outcome();
  }
}

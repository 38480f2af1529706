// init() and initSync() as the package exports them: the backend chosen (kernels/backend.ts),
// then the code every format call shares run once (formats/shared-warm-up.ts), so that a
// process's first parse or encode does not compile it. The library's own entry points (the CLI,
// the workers, the queue) call kernels/backend.ts's functions directly: a process that runs one
// call would pay the same compile in init instead. Skipped when the kernels already hold more
// WebAssembly memory than `memoryCap` (a cap under one page): every call then replaces the
// instance (Kernels.trim), and the warm-up's four calls would instantiate the module four times.
import type { Kernels } from './kernels/kernels.js';
import { init as chooseBackend, initSync as chooseBackendSync, type InitOptions } from './kernels/backend.js';
import { warmSharedPaths } from './formats/shared-warm-up.js';
import { warmUpAsset } from './formats/warm-up-asset.js';

/**
 * Chooses the library-wide backend (async compile; synchronous under Node), then runs the code
 * every format's calls share once (about 1 ms; README § Cold start). Resolves to the Kernels now in use.
 */
export async function init(options: InitOptions = {}): Promise<Kernels> {
  const kernels = await chooseBackend(options);
  warmShared(kernels);
  return kernels;
}

/** As `init`, compiling synchronously (Node, workers). */
export function initSync(options: InitOptions = {}): Kernels {
  const kernels = chooseBackendSync(options);
  warmShared(kernels);
  return kernels;
}

function warmShared(kernels: Kernels): void {
  if (!(kernels.memoryBytes <= kernels.memoryCap)) return;
  try {
    warmSharedPaths(kernels, warmUpAsset());
  } catch {
    // Only an optimization: what stopped it (SMALL_INPUT_DEFAULTS.bytes set to a BigInt, …) stops
    // the real calls too, which report it under their own format's name. init() has already made
    // the kernels the library's, and gives them (each warm-up call releases what it took).
  }
}

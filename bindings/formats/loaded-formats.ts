import type { FormatHandler } from './format.js';

// The handlers whose modules have run in this thread, by name: every handler adds itself when it
// is defined (define-format.ts), however its module was reached (the registry's static imports,
// the format index's `loadFormat`, a direct import), so there is one handler object per format.
const handlers = new Map<string, FormatHandler>();

/** Records a handler as defined (define-format.ts calls it for each); the first of a name stays. */
export function registerFormat(handler: FormatHandler): void {
  if (!handlers.has(handler.name)) handlers.set(handler.name, handler);
}

/** The handler named `name` (its own name, not an alias) if its module has run, else undefined. */
export function definedFormat(name: string): FormatHandler | undefined {
  return handlers.get(name);
}

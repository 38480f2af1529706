// three's FileLoader reports progress with the DOM's ProgressEvent, which Node lacks; without one
// its stream reader throws out of reach and the request never settles. A stand-in with the fields it sets:
(globalThis as { ProgressEvent?: unknown }).ProgressEvent ??= class ProgressEvent extends Event {
  readonly lengthComputable: boolean;
  readonly loaded: number;
  readonly total: number;
  constructor(type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
    super(type);
    this.lengthComputable = init.lengthComputable ?? false;
    this.loaded = init.loaded ?? 0;
    this.total = init.total ?? 0;
  }
};

export {};

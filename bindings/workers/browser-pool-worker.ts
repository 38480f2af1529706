// The module worker behind browser-pool.ts: one decode job per message.
import { runDecodeJob } from './pool-job.js';
import type { DecodeRequest } from './pool-messages.js';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = async (event) => {
  const { response, transfer } = await runDecodeJob(event.data);
  scope.postMessage(response, transfer);
};

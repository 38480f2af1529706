// The worker thread behind node-pool.ts: one decode job per message.
import { parentPort } from 'node:worker_threads';
import { runDecodeJob } from './pool-job.js';
import type { DecodeRequest } from './pool-messages.js';

const port = parentPort;
if (!port) throw new Error('meshcodec: node-pool-worker.js runs only as a worker thread');
port.on('message', async (request: DecodeRequest) => {
  const { response, transfer } = await runDecodeJob(request);
  port.postMessage(response, transfer);
});

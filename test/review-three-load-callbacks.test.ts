// MeshcodecLoader's callback API as GLTFLoader's: an onLoad that throws reaches onError (not an
// unhandled rejection), and the LoadingManager still hears the item end, so its onLoad fires.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LoadingManager } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeshcodecLoader } from '../bindings/three/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';
import './helpers/node-progress-event.js';

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/tube.iqm') response.writeHead(200).end(readFileSync(join(FIXTURES_DIR, 'tube.iqm')));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each(BACKENDS)('MeshcodecLoader callbacks (%s)', (backend) => {
  it('load: an onLoad that throws goes to onError, and the LoadingManager finishes the item', async () => {
    let managerLoaded!: () => void;
    const finished = new Promise<void>((resolve) => (managerLoaded = resolve));
    const manager = new LoadingManager(() => managerLoaded());
    const loader = new MeshcodecLoader(manager, { decoder: 'main-thread', backend });
    const thrown = new Error('thrown by onLoad');
    const error = await new Promise<unknown>((resolve) => {
      loader.load(
        `${origin}/tube.iqm`,
        () => {
          throw thrown;
        },
        undefined,
        resolve,
      );
    });
    expect(error).toBe(thrown);
    await finished;
  }, 15_000);

  it('parse: an onLoad that throws goes to onError', async () => {
    const loader = new MeshcodecLoader(undefined, { decoder: 'main-thread', backend });
    const thrown = new Error('thrown by onLoad');
    const error = await new Promise<unknown>((resolve) => {
      loader.parse(new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm'))), 'tube.iqm', () => {
        throw thrown;
      }, resolve);
    });
    expect(error).toBe(thrown);
  }, 15_000);
});

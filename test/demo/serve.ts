// `npm run serve`: a static server for the demo page on 127.0.0.1 only. `/` is the page,
// `/demo/*` the bundled demo (build/demo), `/dist/*` the library as built, `/three/*` three.js's
// module build (the page's import map names it, for the page and for dist/three.js). The browser test
// starts the same server on a free port.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** URL prefixes and the folders they serve. */
const FOLDERS: Record<string, string> = {
  '/demo/': join(ROOT, 'build/demo'),
  '/dist/': join(ROOT, 'dist'),
  '/three/': join(ROOT, 'node_modules/three/build'),
};
const PAGE = join(ROOT, 'test/demo/index.html');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** The file a URL path names, or undefined when it is outside the served folders. */
function fileFor(pathname: string): string | undefined {
  if (pathname === '/' || pathname === '/index.html') return PAGE;
  for (const [prefix, folder] of Object.entries(FOLDERS)) {
    if (!pathname.startsWith(prefix)) continue;
    const file = normalize(join(folder, decodeURIComponent(pathname.slice(prefix.length))));
    return file.startsWith(folder + sep) ? file : undefined;
  }
  return undefined;
}

export interface DemoServer {
  url: string;
  close(): Promise<void>;
}

export async function startDemoServer(port = 0): Promise<DemoServer> {
  const server = createServer(async (request, response) => {
    const file = fileFor(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    try {
      if (!file) throw new Error('not served');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await startDemoServer(Number(process.env.PORT ?? 8080));
  console.log(`meshcodec demo: ${url} (Ctrl+C to stop)`);
}

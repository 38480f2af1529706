// The CLI under faults (issue 17.10), through the built dist/cli.js: non-regular inputs refused
// without blocking, SIGTERM ending a run that waits on standard input, a huge file refused from
// its head, the real errno in messages (ELOOP, EACCES, EROFS), temporaries of a killed run removed.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeFolder } from '../bindings/cli/atomic-write.js';
import { emptyAsset, ms2Format } from '../bindings/index.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');

function run(args: string[], cwd: string, options: { uid?: number; gid?: number } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, timeout: 30_000, ...options });
  return { code: r.status, signal: r.signal, out: r.stdout.toString(), err: r.stderr.toString() };
}

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;
const isRoot = process.getuid?.() === 0;
const hasUnshare = isRoot && spawnSync('unshare', ['-m', 'true']).status === 0;

describe.skipIf(!existsSync(CLI))('meshcodec under faults', () => {
  it.skipIf(!hasMkfifo)('a FIFO named as input (no writer) is refused at once (NOT_A_FILE), as is /dev/null (a device)', () => {
    const dir = testTempDir('faults');
    spawnSync('mkfifo', [join(dir, 'pipe.mesh')]);
    const r = run(['info', 'pipe.mesh', '/dev/null'], dir);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    expect(r.err).toContain('pipe.mesh is a FIFO (named pipe): only regular files');
    expect(r.err).toContain('/dev/null is a device');
    const json = run(['convert', 'pipe.mesh', '--to', 'iqm', '--json'], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out.split('\n')[0]!)).toMatchObject({ input: 'pipe.mesh', ok: false, error: { code: 'NOT_A_FILE' } });
  });

  it('SIGTERM ends a run that waits on standard input, and removes nothing it should not', async () => {
    const dir = testTempDir('faults');
    const child = spawn(process.execPath, [CLI, 'info', '-'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGTERM');
    const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('close', (_code, s) => done(s)));
    expect(signal).toBe('SIGTERM');
  });

  it('a 1.5 GB sparse file of zeros named .mesh, .iqm, .glb, .gltf, .msh or .data is refused from its first 64 KiB', () => {
    const dir = testTempDir('faults');
    for (const name of ['zeros.mesh', 'zeros.iqm', 'zeros.glb', 'zeros.gltf', 'zeros.msh', 'zeros.data']) {
      writeFileSync(join(dir, name), '');
      truncateSync(join(dir, name), 1500 * 1024 * 1024);
    }
    // A whole read would need 1.5 GB per file; the child may not use more than 512 MB of heap + buffers.
    const r = spawnSync(process.execPath, ['--max-old-space-size=256', CLI, 'info', '--json', 'zeros.mesh', 'zeros.iqm', 'zeros.glb', 'zeros.gltf', 'zeros.msh', 'zeros.data'], { cwd: dir, timeout: 30_000 });
    const lines = r.stdout.toString().trimEnd().split('\n').map((l) => JSON.parse(l) as { file?: string; error?: { code: string; format: string; offset: number } });
    expect(r.status).toBe(1);
    expect(lines.slice(0, 6).map((l) => [l.file, l.error?.code, l.error?.offset])).toEqual([
      ['zeros.mesh', 'BAD_MAGIC', 0],
      ['zeros.iqm', 'BAD_MAGIC', 0],
      ['zeros.glb', expect.any(String), 0],
      ['zeros.gltf', 'SYNTAX', 0],
      ['zeros.msh', 'SYNTAX', null],
      ['zeros.data', 'TRAILING_DATA', expect.any(Number)],
    ]);
  });

  it('a MeshSerializer2 file over 64 KiB named for another format is still read as MeshSerializer2 (its size decides, not its head)', () => {
    const dir = testTempDir('faults');
    const asset = emptyAsset('test');
    const vertices = 6000;
    const positions = Float32Array.from({ length: vertices * 3 }, (_, i) => (i * 7919) % 1000 / 100);
    const indices = Uint16Array.from({ length: (vertices - 2) * 3 }, (_, i) => Math.floor(i / 3) + (i % 3));
    asset.meshes.push({ name: 'm', attributes: { positions }, indices });
    const bytes = ms2Format.encodeSync(asset);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    writeFileSync(join(dir, 'big.mesh'), bytes);
    const r = run(['info', '--json', 'big.mesh'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out.split('\n')[0]!)).toMatchObject({ file: 'big.mesh', format: 'ms2', vertices });
  });

  it('messages carry the real errno: a symbolic link loop is ELOOP, an unwritable --out-dir EACCES', () => {
    const dir = testTempDir('faults');
    symlinkSync('b.mesh', join(dir, 'a.mesh'));
    symlinkSync('a.mesh', join(dir, 'b.mesh'));
    const loop = run(['info', '--json', 'a.mesh'], dir);
    expect(loop.code).toBe(1);
    expect(JSON.parse(loop.out.split('\n')[0]!)).toMatchObject({ file: 'a.mesh', error: { code: 'ELOOP' } });
    copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, 'tube.mesh'));
    mkdirSync(join(dir, 'locked'));
    chmodSync(join(dir, 'locked'), 0o555);
    chmodSync(dir, 0o755);
    // Root ignores permissions: run as nobody where the test runs as root.
    const asNobody = isRoot ? { uid: 65534, gid: 65534 } : {};
    if (isRoot) chmodSync(join(dir, 'tube.mesh'), 0o644);
    const r = run(['convert', 'tube.mesh', '--to', 'iqm', '--out-dir', 'locked/out/deeper', '--json'], dir, asNobody);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out.split('\n')[0]!)).toMatchObject({ input: 'tube.mesh', ok: false, error: { code: 'EACCES', message: expect.stringContaining('locked/out') } });
  });

  it.skipIf(!hasUnshare)('an --out-dir under a read-only mount is EROFS, not ENOENT (a private mount namespace)', () => {
    const dir = testTempDir('faults');
    mkdirSync(join(dir, 'ro'));
    copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, 'tube.mesh'));
    const script = `mount -t tmpfs -o ro none ro && "${process.execPath}" "${CLI}" convert tube.mesh --to iqm --out-dir ro/out/sub --json`;
    const r = spawnSync('unshare', ['-m', 'sh', '-c', script], { cwd: dir, timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout.toString().split('\n')[0]!)).toMatchObject({ ok: false, error: { code: 'EROFS' } });
  });

  it('makeFolder makes every missing level and reports the errno of the level that fails', async () => {
    const dir = testTempDir('faults');
    await makeFolder(join(dir, 'a', 'b', 'c'));
    expect(existsSync(join(dir, 'a', 'b', 'c'))).toBe(true);
    writeFileSync(join(dir, 'file'), '');
    await expect(makeFolder(join(dir, 'file', 'x'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('temporaries left by a run killed with SIGKILL are removed by the next run writing there; a live run\'s are kept', () => {
    const dir = testTempDir('faults');
    copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, 'tube.mesh'));
    mkdirSync(join(dir, 'out'));
    // A pid that no process has (above the kernel's pid_max) and our own parent's (alive).
    const dead = join(dir, 'out', '.tube.iqm.4194304999-0.partial');
    const live = join(dir, 'out', `.other.iqm.${process.pid}-3.partial`);
    writeFileSync(dead, 'half');
    writeFileSync(live, 'writing');
    const r = run(['convert', 'tube.mesh', '--to', 'iqm', '--out-dir', 'out'], dir);
    expect(r.code).toBe(0);
    expect(r.err).toContain('removed 1 temporary file(s) left by killed runs');
    expect(readdirSync(join(dir, 'out')).sort()).toEqual([`.other.iqm.${process.pid}-3.partial`, 'tube.iqm']);
    expect(readFileSync(live, 'utf8')).toBe('writing');
  });
});

// Temporaries on a volume several machines write to (shards or queue workers sharing --out-dir):
// a writer removes the temporaries of killed runs of ITS machine only. A process id says nothing
// about another machine's processes, so another machine's temporary, whose writer may be linking
// it right now, is never removed (that failed the other machine's file with ENOENT).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partialName, removeStalePartials, writeFilesAtomic } from '../bindings/cli/atomic-write.js';
import { testTempDir } from './helpers/temp-dir.js';

/** Above the kernel's pid_max: no process here has it. */
const DEAD_PID = 4194304999;

describe('stale temporaries on a shared volume', () => {
  it("another machine's temporary is kept whatever its pid; this machine's dead run's is removed", () => {
    const dir = join(testTempDir('shared-volume'), 'out');
    mkdirSync(dir);
    const foreign = partialName(join(dir, 'a.glb'), DEAD_PID, 0, 'another-machine');
    const ours = partialName(join(dir, 'b.glb'), DEAD_PID, 0, hostname());
    writeFileSync(foreign, 'being written on another machine');
    writeFileSync(ours, 'left by a killed run here');
    removeStalePartials(dir);
    expect(existsSync(foreign)).toBe(true);
    expect(existsSync(ours)).toBe(false);
  });

  it('names tell machines apart, and a write leaves only its output', async () => {
    const path = join(testTempDir('shared-volume'), 'out', 'c.glb');
    expect(partialName(path, 1, 0, 'host-a')).not.toBe(partialName(path, 1, 0, 'host-b'));
    const foreign = partialName(path, DEAD_PID, 7, 'another-machine');
    mkdirSync(join(path, '..'));
    writeFileSync(foreign, 'x');
    await writeFilesAtomic([{ path, bytes: new Uint8Array([1, 2, 3]) }], false);
    expect(readdirSync(join(path, '..')).sort()).toEqual([foreign.split('/').pop(), 'c.glb'].sort());
  });
});

// Which files of a claimed batch each thread takes first: files of one source format stay on one
// thread while there are others to take, so that each thread's isolate warms up (interprets,
// then optimizes) the reader of its own formats rather than every thread warming up every reader.
// Each thread claims from its own formats' units first, then, once they are taken, from the
// others' (largest first), so that no thread waits while files are left.
//
// Measured (1,000 corpus files up to 200 KB to GLB, tmpfs, V8 optimizing later as a batch on
// every core does, shared 2-core machine at load 10–11, four interleaved pairs): two processes
// converting the UNIGINE files and the others spent 1.22–1.29 s of CPU together, two converting
// half of the mixed batch each 1.36–1.40 s: the readers' warm-up done once instead of twice.
// In `convert --jobs 2` (tmpfs, load 8–10, interleaved with the build before, CPU of the whole
// process, median): 1,000 files up to 200 KB 1.35 → 1.30 s (5 runs each), the whole corpus
// repeated to 1,000 files 1.97 → 1.85 s (4), 3,000 files up to 200 KB 2.86 → 2.57 s (3); V8's
// own threads (compiles) 0.20 → 0.20, 0.38 → 0.33 and 0.45 → 0.33 s.
// Alternatives: one shared counter over the batch in order (before: every thread meets every
// format); formats handed out whole, without taking from the others (a thread idles while the
// other still has files when the formats' sizes differ, as UNIGINE's 56 % here).
import { signatureByExtension, signatureByName } from '../formats/format-index.js';
import type { BatchFile } from './convert-batch.js';

/** A batch's units by kind (the source format that the first file's name or --format gives), and each thread's order of kinds. */
export interface BatchAffinity {
  /** Unit indexes of each kind, in the batch's order. */
  kinds: number[][];
  /** Per thread (0: the main thread), the kinds it claims from, its own first. */
  orders: number[][];
}

/** The kind of a unit: --format when given, else its first file's format by extension ('' for none). */
function kindOf(file: BatchFile, from: string | undefined): string {
  if (from !== undefined) return signatureByName(from)?.name ?? from;
  return signatureByExtension(file.inputPath)?.name ?? '';
}

/**
 * Groups `units` (indexes into `files`) by kind and gives each of `threads` threads its own kinds:
 * the kinds by files, most first, each to the thread with the fewest files so far. A thread
 * claims its own kinds first, then the others, most files first.
 */
export function batchAffinity(files: readonly BatchFile[], units: readonly (readonly number[])[], threads: number, from?: string): BatchAffinity {
  const byKind = new Map<string, number[]>();
  units.forEach((unit, u) => {
    const kind = kindOf(files[unit[0]!]!, from);
    const list = byKind.get(kind);
    if (list) list.push(u);
    else byKind.set(kind, [u]);
  });
  const kinds = [...byKind.values()];
  const weight = kinds.map((list) => list.reduce((sum, u) => sum + units[u]!.length, 0));
  const heaviest = kinds.map((_, k) => k).sort((a, b) => weight[b]! - weight[a]! || a - b);
  const own: number[][] = Array.from({ length: threads }, () => []);
  const load = new Array<number>(threads).fill(0);
  for (const k of heaviest) {
    let least = 0;
    for (let t = 1; t < threads; t++) if (load[t]! < load[least]!) least = t;
    own[least]!.push(k);
    load[least]! += weight[k]!;
  }
  const orders = own.map((mine) => [...mine, ...heaviest.filter((k) => !mine.includes(k))]);
  return { kinds, orders };
}

/**
 * The next unit for a thread, from the kinds in its `order`: −1 when every unit is taken.
 * `claim`: one Int32 per kind, shared by every thread of the batch (each unit is taken once).
 */
export function claimByKind(claim: Int32Array, kinds: readonly (readonly number[])[], order: readonly number[]): number {
  for (const k of order) {
    const list = kinds[k]!;
    // A kind already empty is not counted past its end again.
    if (Atomics.load(claim, k) >= list.length) continue;
    const next = Atomics.add(claim, k, 1);
    if (next < list.length) return list[next]!;
  }
  return -1;
}

// The manifest file of one run: read once at the start (for --incremental), then appended to,
// one line per input in one write(2) on a descriptor opened with O_APPEND, so that a line is
// never interleaved with another writer's and a killed run leaves at most its last line torn.
// Several processes may append to one local file; on NFS, where O_APPEND is not atomic, each
// shard writes its own manifest and they are concatenated afterwards.
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolder } from './atomic-write.js';
import { manifestEntries, manifestLine, type ManifestEntry } from './manifest.js';
import { fileSystemError } from './read-input.js';

export class ManifestFile {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    /** The entries the file held when the run started: input → last entry. */
    readonly previous: ReadonlyMap<string, ManifestEntry>,
    /**
     * Input → its last entry that has outputs: the outputs meshcodec made for it last, which an
     * incremental run may replace even when a later attempt failed (`OUTPUT_EXISTS` in a run
     * without --incremental).
     */
    readonly previousOutputs: ReadonlyMap<string, ManifestEntry>,
  ) {}

  /**
   * Opens `path` for appending (made, with its folder, when missing). With `read`, its entries
   * are read first. A torn last line (a killed run) is ended with a newline before the first
   * append, so that the next entry starts a line of its own.
   */
  static async open(path: string, read: boolean): Promise<ManifestFile> {
    await makeFolder(dirname(path));
    let handle: FileHandle;
    try {
      handle = await open(path, 'a+');
    } catch (e) {
      throw fileSystemError(e, path);
    }
    try {
      const all = read ? manifestEntries(await handle.readFile('utf8')) : [];
      const previous = new Map<string, ManifestEntry>();
      const previousOutputs = new Map<string, ManifestEntry>();
      for (const entry of all) {
        previous.set(entry.input, entry);
        if (entry.outputs) previousOutputs.set(entry.input, entry);
      }
      const { size } = await handle.stat();
      if (size > 0) {
        const last = new Uint8Array(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) await handle.write('\n');
      }
      return new ManifestFile(path, handle, previous, previousOutputs);
    } catch (e) {
      await handle.close();
      throw fileSystemError(e, path);
    }
  }

  /** Appends one entry as one line. */
  async append(entry: ManifestEntry): Promise<void> {
    try {
      await this.handle.write(manifestLine(entry));
    } catch (e) {
      throw fileSystemError(e, this.path);
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

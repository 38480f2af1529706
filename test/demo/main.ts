// The demo page: pick or drop mesh files; each loads through MeshcodecLoader (`meshcodec/three`,
// decoding in the page's worker pool) and gets a row with its counts, decode time and backend;
// the selected row shows in the three.js preview; each file downloads as GLB when this build has
// a 'glb' handler.
import type { Mesh } from 'three';
import { formatByName } from '../../bindings/index.js';
import { MeshcodecLoader, type MeshcodecResult } from '../../bindings/three/index.js';
import { createDecodePool, type DecodeInput } from '../../bindings/workers/browser-pool.js';
import { groupFiles, type FileGroup } from './group-files.js';
import { Preview } from './preview.js';
import { measureThroughput } from './throughput.js';

const pool = createDecodePool();
/** The loader decodes in the same pool as the GLB downloads and the throughput measurement. */
const loader = new MeshcodecLoader().setDecodePool(pool);
const preview = new Preview(element<HTMLCanvasElement>('#preview'));
const tableBody = element<HTMLTableSectionElement>('#files tbody');
const clipSelect = element<HTMLSelectElement>('#clip');
const glbHandler = formatByName('glb');

interface Loaded {
  group: FileGroup;
  row: HTMLTableRowElement;
  result?: MeshcodecResult;
}
const loaded: Loaded[] = [];

function element<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`demo page: ${selector} is missing`);
  return found;
}

function cell(row: HTMLTableRowElement, text: string, column: string): HTMLTableCellElement {
  const td = row.insertCell();
  td.textContent = text;
  td.dataset.column = column;
  return td;
}

function inputOf(group: FileGroup): DecodeInput {
  return { name: group.main.name, bytes: group.main, companions: group.companions.map((file) => ({ name: file.name, bytes: file })) };
}

function downloadButton(entry: Loaded): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'GLB';
  button.className = 'download';
  if (!glbHandler) {
    button.disabled = true;
    button.title = "This build of meshcodec has no 'glb' handler: GLB export comes with the glTF format.";
    return button;
  }
  button.title = `Download ${entry.group.main.name} as GLB`;
  button.addEventListener('click', async (event) => {
    event.stopPropagation();
    button.disabled = true;
    try {
      const { files } = await pool.decode(inputOf(entry.group), { to: 'glb' });
      for (const file of files) {
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'model/gltf-binary' }));
        link.download = file.name;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      }
    } catch (error) {
      button.title = `GLB export failed: ${(error as Error).message}`;
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/** Counts as `summarizeAsset` gives them, from the loaded scene (one three.js mesh per Asset mesh, one bone per joint). */
function summarize(result: MeshcodecResult) {
  let vertices = 0;
  let triangles = 0;
  let joints = 0;
  result.scene.traverse((object) => {
    if ((object as Mesh).isMesh) {
      vertices += (object as Mesh).geometry.getAttribute('position').count;
      triangles += ((object as Mesh).geometry.index?.count ?? 0) / 3;
    }
    if ((object as { isBone?: boolean }).isBone) joints++;
  });
  return { vertices, triangles, joints, animations: result.animations.length };
}

function select(entry: Loaded): void {
  if (!entry.result) return;
  for (const other of loaded) other.row.classList.toggle('selected', other === entry);
  const clips = preview.show(entry.result);
  clipSelect.replaceChildren(...clips.map((name, i) => new Option(name, String(i))));
  clipSelect.disabled = clips.length === 0;
  element('#preview-title').textContent = entry.group.main.name;
}

async function decodeGroup(entry: Loaded): Promise<void> {
  const { row, group } = entry;
  try {
    const result = await loader.parseAsync(group.main, group.main.name, { companions: group.companions.map((file) => ({ name: file.name, bytes: file })) });
    const info = result.userData.meshcodec;
    const summary = summarize(result);
    entry.result = result;
    row.dataset.status = 'ok';
    cell(row, info.format, 'format');
    cell(row, String(summary.vertices), 'vertices');
    cell(row, String(summary.triangles), 'triangles');
    cell(row, String(summary.joints), 'joints');
    cell(row, String(summary.animations), 'animations');
    cell(row, info.decodeMs.toFixed(1), 'decode-ms');
    cell(row, info.backend, 'backend');
    if (info.warnings.length) row.title = info.warnings.join('\n');
    if (!loaded.some((other) => other.row.classList.contains('selected')) && (summary.vertices > 0 || summary.joints > 0)) select(entry);
  } catch (error) {
    row.dataset.status = 'error';
    const td = cell(row, (error as Error).message, 'error');
    td.colSpan = 7;
    td.className = 'error';
    row.insertCell();
    return;
  }
  const download = row.insertCell();
  download.dataset.column = 'download';
  download.append(downloadButton(entry));
}

async function addFiles(files: readonly File[]): Promise<void> {
  const groups = groupFiles(files);
  const pending = groups.map((group) => {
    const row = tableBody.insertRow();
    row.dataset.file = group.main.name;
    row.dataset.status = 'pending';
    cell(row, [group.main.name, ...group.companions.map((c) => `+ ${c.name}`)].join(' '), 'file');
    const entry: Loaded = { group, row };
    row.addEventListener('click', () => select(entry));
    loaded.push(entry);
    return decodeGroup(entry);
  });
  await Promise.all(pending);
  element('#status').textContent = `${loaded.filter((e) => e.result).length} of ${loaded.length} files decoded in ${pool.size} workers`;
}

element<HTMLInputElement>('#file-input').addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  void addFiles(Array.from(input.files ?? []));
});
document.addEventListener('dragover', (event) => event.preventDefault());
document.addEventListener('drop', (event) => {
  event.preventDefault();
  void addFiles(Array.from(event.dataTransfer?.files ?? []));
});
clipSelect.addEventListener('change', () => preview.play(Number(clipSelect.value)));

element<HTMLButtonElement>('#measure').addEventListener('click', async (event) => {
  const button = event.target as HTMLButtonElement;
  const output = element<HTMLTableElement>('#throughput');
  button.disabled = true;
  preview.setRunning(false);
  const rows = await measureThroughput(loaded.filter((e) => e.result).map((e) => e.group));
  preview.setRunning(true);
  const body = output.tBodies[0]!;
  body.replaceChildren();
  for (const r of rows) {
    const row = body.insertRow();
    for (const text of [r.backend, String(r.workers), r.megabytes.toFixed(2), r.seconds.toFixed(3), r.megabytesPerSecond.toFixed(1)]) row.insertCell().textContent = text;
  }
  output.dataset.json = JSON.stringify(rows);
  output.hidden = false;
  button.disabled = false;
});

element('#workers').textContent = String(pool.size);
element('#glb-state').textContent = glbHandler ? 'available' : "not in this build (no 'glb' handler)";

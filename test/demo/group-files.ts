// Which picked files travel together: a file whose name extends another picked file's name by a
// further extension (`car.msh.blob` after `car.msh`) is that file's companion, not a file of its own.

export interface FileGroup<F extends { name: string } = File> {
  main: F;
  companions: F[];
}

export function groupFiles<F extends { name: string }>(files: readonly F[]): FileGroup<F>[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ownerOf = (file: F): F | undefined => {
    for (let dot = file.name.lastIndexOf('.'); dot > 0; dot = file.name.lastIndexOf('.', dot - 1)) {
      const owner = byName.get(file.name.slice(0, dot));
      if (owner) return owner;
    }
    return undefined;
  };
  const groups = new Map<F, FileGroup<F>>();
  for (const file of files) if (!ownerOf(file)) groups.set(file, { main: file, companions: [] });
  for (const file of files) {
    const owner = ownerOf(file);
    if (owner) groups.get(owner)?.companions.push(file);
  }
  return [...groups.values()];
}

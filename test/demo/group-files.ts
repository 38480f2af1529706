// Which picked files travel together: a file whose name extends another picked file's name by a
// further extension (`car.msh.blob` after `car.msh`) is that file's companion, not a file of its own;
// an image (`.png`, `.jpg`, `.jpeg`, `.tga`) picked with models is a companion of every one of them,
// so that a material naming it (IQM's `Body.jpg`) finds it through the pool's `resolve`.

export interface FileGroup<F extends { name: string } = File> {
  main: F;
  companions: F[];
}

const IMAGE = /\.(png|jpe?g|tga)$/i;

export function groupFiles<F extends { name: string }>(files: readonly F[]): FileGroup<F>[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ownerOf = (file: F): F | undefined => {
    for (let dot = file.name.lastIndexOf('.'); dot > 0; dot = file.name.lastIndexOf('.', dot - 1)) {
      const owner = byName.get(file.name.slice(0, dot));
      if (owner) return owner;
    }
    return undefined;
  };
  const models = files.filter((file) => !IMAGE.test(file.name));
  const images = models.length ? files.filter((file) => IMAGE.test(file.name)) : [];
  const groups = new Map<F, FileGroup<F>>();
  for (const file of files) if (!ownerOf(file) && !images.includes(file)) groups.set(file, { main: file, companions: [] });
  for (const file of files) {
    const owner = ownerOf(file);
    if (owner) groups.get(owner)?.companions.push(file);
  }
  for (const group of groups.values()) group.companions.push(...images.filter((image) => !group.companions.includes(image)));
  return [...groups.values()];
}

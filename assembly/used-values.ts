// Which elements an index stream uses: a single stream that uses every element of its attributes
// is already welded (vertex v is element v).

/**
 * The number of distinct values in `src` (count of them), each below `limit`; `seen` (limit
 * bytes) ends with 1 for every value used. Returns −(i + 1) for the first position i whose value
 * is not below `limit`.
 */
export function countUsedValues(src: usize, count: i32, limit: u32, seen: usize): i32 {
  memory.fill(seen, 0, <usize>limit);
  let used = 0;
  for (let i = 0; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    if (v >= limit) return -(i + 1);
    const flag = seen + <usize>v;
    if (load<u8>(flag) == 0) {
      store<u8>(flag, 1);
      used++;
    }
  }
  return used;
}

// Canonical JSON orders object keys by UTF-16 code units. Copies built in that order serialize
// canonically with plain JSON.stringify — except integer-like keys, which JavaScript always
// enumerates first whatever order they were added in.

/** True when `keys` is already in canonical order. */
export function keysSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

/** Above this many keys Array.prototype.sort wins; below it insertion sort does (no comparator calls). */
const INSERTION_SORT_MAX = 32;

/** Own enumerable string keys of `obj` in canonical order. */
export function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  if (keysSorted(keys)) return keys;
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  // Objects from the normalizer and the wire are short and mostly in order: few moves.
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

const INTEGER_KEY = /^(?:0|[1-9]\d{0,9})$/;

/** Keys that may be array indices, which JavaScript enumerates before every other key. */
export function isIntegerKey(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57 && INTEGER_KEY.test(key);
}

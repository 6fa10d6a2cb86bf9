// V8 (Node 20) turns an object that gets more than about twenty properties one computed key
// at a time into a hash-table ("dictionary") object. The redacted copies are built exactly that
// way, and a dictionary-mode AgentEvent (25 keys) takes about twice as long to build and to
// JSON.stringify as the same object with fast properties, which a spread copy has.

/** Beyond this many keys a copy built key by key is re-made with fast properties. */
const KEYED_BUILD_LIMIT = 16;

/** `obj` itself, or a same-order spread copy of it with fast properties when it is large. */
export function withFastProperties<T extends object>(obj: T, keyCount: number): T {
  // Spread defines own data properties (CreateDataProperty), so even a `__proto__` key stays data.
  return keyCount > KEYED_BUILD_LIMIT ? { ...obj } : obj;
}

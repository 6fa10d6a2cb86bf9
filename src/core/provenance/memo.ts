// Screens, message bodies and typed texts recur within and across sessions: functions of a text
// alone remember their results, bounded (the whole memo is dropped when it fills).

/** `compute` remembered per input text, for at most `max` texts at a time. */
export function memoByText<T>(compute: (text: string) => T, max = 10_000): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = compute(text);
      if (memo.size >= max) memo.clear();
      memo.set(text, value);
    }
    return value;
  };
}

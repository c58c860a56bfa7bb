/**
 * A read the server answers with `current()` as each request arrives, the first answer held back
 * until `answerFirst()`: a read whose answer is still on its way when a write lands.
 */
export function slowFirstRead<T>(current: () => T) {
  let answerFirst!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (answerFirst = resolve));
  let reads = 0;
  const queryFn = async () => {
    reads += 1;
    const read = current();
    if (reads === 1) await firstAnswer;
    return read;
  };
  return { queryFn, answerFirst: () => answerFirst(), reads: () => reads };
}

/**
 * Polls `probe` every 25 ms until it gives a value; throws naming `what` (a string, or a function
 * for a message worked out at the time, e.g. how many are still missing) after `timeoutMs`.
 * The kill -9 tests wait on a child process and a stand-in this way.
 */
export async function until<T>(probe: () => T | null | undefined | false, what: string | (() => string), timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

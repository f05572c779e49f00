/**
 * Waits for a worker pool's threads to load what they run. Past `timeoutMs`, or when a thread
 * fails to load, the pool is closed and the error rethrown: start-up stops instead of every
 * later request failing.
 */
export async function readyWithin(ready: Promise<unknown>, timeoutMs: number, what: string, close: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not ready within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    await close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

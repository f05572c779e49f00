/**
 * Follow-ups in one thread are answered in the order they arrived: each one patches the state
 * the previous one left, so two quick messages ("zero2", then "seq 8192") must not both start
 * from the same state and race to save it. Work on different threads runs concurrently. One
 * queue per process; across processes the store is last-writer-wins, as before.
 */
export class ThreadQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    this.setTail(key, result);
    return result;
  }

  /**
   * Holds the thread's next work until `pending` settles, without holding the work that calls
   * it: a state saved after the answer is posted (outside the request's admission slot) is still
   * saved before the next follow-up in that thread reads it.
   */
  hold(key: string, pending: Promise<unknown>): void {
    this.setTail(key, (this.tails.get(key) ?? Promise.resolve()).then(() => pending));
  }

  /** The thread's next work starts once `last` settles; the entry goes when nothing follows it. */
  private setTail(key: string, last: Promise<unknown>): void {
    const tail = last.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
  }

  /** Threads with work queued or running (for tests and leak checks). */
  get size(): number {
    return this.tails.size;
  }
}

/** The process's queue, shared by the Slack and Discord adapters (their keys are platform-prefixed). */
export const threadQueue = new ThreadQueue();

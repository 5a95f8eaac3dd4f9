/** Runs async tasks one at a time per key (per match): lobby writes and socket actions share it. */
export class KeyedMutex {
  private tails = new Map<string, Promise<unknown>>();
  private active = new Set<Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    this.active.add(tail);
    void tail.then(() => {
      this.active.delete(tail);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /**
   * How many times any process changed the match's cached records (its lobby, its notification
   * settings), as read when this process last took the lock; undefined with one process, whose caches
   * see every change as it is made (see cluster/lease.ts).
   */
  version(_key: string): number | undefined {
    return undefined;
  }

  /** Called under the lock before the task changes the match's lobby or settings: other processes' copies are old. */
  async touched(_key: string): Promise<void> {}

  /** Resolves once every task queued so far (and any queued meanwhile) has finished. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active]);
  }
}

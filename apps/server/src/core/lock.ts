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

  /** Resolves once every task queued so far (and any queued meanwhile) has finished. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active]);
  }
}

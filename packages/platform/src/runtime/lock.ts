/**
 * Serialises the work done on one projector's read model: live batches, replays and the final
 * catch-up of a rebuild never interleave, so events are applied in order.
 */
export class SerialLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

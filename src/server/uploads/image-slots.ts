/** Refused because every slot is taken and the queue is full: the upload is answered 503. */
export class ImagesBusyError extends Error {
  constructor() {
    super('The server is busy with other images. Please try again in a moment.');
    this.name = 'ImagesBusyError';
  }
}

/**
 * How many images are decoded at once, in the whole process (IMAGE_CONCURRENCY): uploads, a catalogue
 * import's images and the copies made for older uploads take turns in the same slots. Decoding a large
 * photo takes tens to hundreds of MB, so work takes a turn (`concurrency` at a time, `queueLimit` more
 * waiting) and an upload beyond that is refused at once rather than piling up in memory.
 */
export class ImageSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  /** Every slot is taken and the queue is full: `run` would refuse now. */
  isFull(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueLimit;
  }

  /**
   * Runs `work` in a slot. When the queue is full, an upload (`whenFull: 'refuse'`) throws
   * ImagesBusyError without running it; work that must not fail for it (an import, a backfill) waits
   * its turn behind the queue.
   */
  async run<T>(work: () => Promise<T>, whenFull: 'refuse' | 'wait' = 'refuse'): Promise<T> {
    if (this.running >= this.concurrency) {
      if (whenFull === 'refuse' && this.waiting.length >= this.queueLimit) throw new ImagesBusyError();
      // The slot is handed over by the finishing run, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

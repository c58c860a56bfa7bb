/** Refused because every slot is taken and the queue is full: the upload is answered 503. */
export class ImagesBusyError extends Error {
  constructor() {
    super('The server is busy with other images. Please try again in a moment.');
    this.name = 'ImagesBusyError';
  }
}

/**
 * How many images are decoded at once. Decoding a large photo takes tens to hundreds of MB, so
 * uploads take a turn (`concurrency` at a time, `queueLimit` more waiting) and anything beyond is
 * refused at once rather than piling up in memory.
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

  /** Runs `work` in a slot; throws ImagesBusyError without running it when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new ImagesBusyError();
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

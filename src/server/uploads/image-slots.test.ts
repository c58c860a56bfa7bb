import { describe, expect, it } from 'vitest';
import { ImageSlots, ImagesBusyError } from './image-slots';

/** A job that runs until the test lets it finish. */
function gatedJob(started: number[], id: number) {
  let finish = () => {};
  const job = () =>
    new Promise<number>((resolve) => {
      started.push(id);
      finish = () => resolve(id);
    });
  return { job, finish: () => finish() };
}

describe('ImageSlots', () => {
  it('runs `concurrency` jobs at once, keeps `queueLimit` waiting and refuses the rest without running them', async () => {
    const slots = new ImageSlots(2, 1);
    const started: number[] = [];
    const jobs = [0, 1, 2, 3].map((id) => gatedJob(started, id));
    const running = jobs.slice(0, 3).map(({ job }) => slots.run(job));
    expect(slots.isFull()).toBe(true);
    await expect(slots.run(jobs[3]!.job)).rejects.toBeInstanceOf(ImagesBusyError);
    expect(started).toEqual([0, 1]);

    jobs[0]!.finish();
    expect(await running[0]).toBe(0);
    expect(started).toEqual([0, 1, 2]);
    expect(slots.isFull()).toBe(false);

    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all(running.slice(1))).toEqual([1, 2]);
    // Every slot is free again: the next jobs start at once.
    const later = gatedJob(started, 4);
    const done = slots.run(later.job);
    expect(started.at(-1)).toBe(4);
    later.finish();
    expect(await done).toBe(4);
  });

  it('lets work that must not be refused wait behind a full queue, in turn', async () => {
    const slots = new ImageSlots(1, 1);
    const started: number[] = [];
    const jobs = [0, 1, 2].map((id) => gatedJob(started, id));
    const upload = slots.run(jobs[0]!.job);
    const queued = slots.run(jobs[1]!.job);
    const imported = slots.run(jobs[2]!.job, 'wait');
    expect(started).toEqual([0]);
    await expect(slots.run(async () => 'refused')).rejects.toBeInstanceOf(ImagesBusyError);
    jobs[0]!.finish();
    await upload;
    expect(started).toEqual([0, 1]);
    jobs[1]!.finish();
    await queued;
    expect(started).toEqual([0, 1, 2]);
    jobs[2]!.finish();
    expect(await imported).toBe(2);
  });

  it('frees the slot when a job fails', async () => {
    const slots = new ImageSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('not an image')))).rejects.toThrow('not an image');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

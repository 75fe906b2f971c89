import { describe, expect, it } from 'vitest';
import { QueueFullError, createWorkQueue } from '../src/platform/work-queue';

/** A job that runs until the test lets it finish. */
function heldJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    job: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the argon2 work queue', () => {
  it('runs at most `concurrency` jobs at once, the rest in order of arrival', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxQueued: 10 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => heldJob(log, name));
    const results = jobs.map((j) => queue.run(j.job));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 2 });

    jobs[1]?.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    for (const j of jobs) j.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, and takes work again once it drains', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 2 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => heldJob(log, name));
    const accepted = jobs.map((j) => queue.run(j.job));
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFullError);

    for (const j of jobs) j.finish();
    await Promise.all(accepted);
    await expect(queue.run(async () => 'e')).resolves.toBe('e');
  });

  it('serves the priority lane first, each lane with its own room', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 2, maxPriorityQueued: 1 });
    const log: string[] = [];
    const [a, b, c, p] = ['a', 'b', 'c', 'p'].map((name) => heldJob(log, name));
    const results = [queue.run(a!.job), queue.run(b!.job), queue.run(c!.job), queue.run(p!.job, { priority: true })];
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFullError);
    await expect(queue.run(async () => 'q', { priority: true })).rejects.toBeInstanceOf(QueueFullError);

    for (const j of [a, b, c, p]) j!.finish();
    await Promise.all(results);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start a', 'start p', 'start b', 'start c']);
  });

  it('has no priority lane unless given room for one', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 1 });
    const log: string[] = [];
    const a = heldJob(log, 'a');
    const running = queue.run(a.job);
    await expect(queue.run(async () => 'p', { priority: true })).rejects.toBeInstanceOf(QueueFullError);
    a.finish();
    await running;
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxQueued: 1 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.running).toBe(0);
  });
});

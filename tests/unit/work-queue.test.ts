import { describe, expect, it } from 'vitest';
import { WorkQueue, WorkQueueFullError } from '../../server/lib/work-queue.ts';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

// The bound on password hashing (services/auth/hash-queue.ts) and on image work (documents/image-work.ts).
describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxWaiting` in order, and refuses the rest at once', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 3 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const finished: number[] = [];
    const runs = gates.map((g, i) =>
      queue
        .run(() => {
          started.push(i);
          return g.task();
        })
        .then(() => finished.push(i)),
    );
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toMatchObject({ running: 2, waiting: 3 });
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(WorkQueueFullError);

    // Waiting tasks start only as running ones finish, first come first served.
    gates[4]?.open();
    gates[3]?.open();
    gates[0]?.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toEqual([0]);
    expect(started).toEqual([0, 1, 2]);
    expect(queue.stats).toMatchObject({ running: 2, waiting: 2 });
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, peakRunning: 2 });
  });

  it('frees the place of a task that fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('lets any number wait when maxWaiting is not set', async () => {
    const queue = new WorkQueue({ concurrency: 1 });
    const gates = Array.from({ length: 50 }, gate);
    const runs = gates.map((g) => queue.run(g.task));
    expect(queue.stats).toEqual({ running: 1, waiting: 49, peakRunning: 1 });
    for (const g of gates) g.open();
    await Promise.all(runs);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, peakRunning: 1 });
  });
});

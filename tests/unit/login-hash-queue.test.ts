import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFullError } from '../../server/services/auth/hash-queue.ts';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('HashQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxWaiting` in order, and refuses the rest at once', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 3 });
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
    expect(queue.size).toEqual({ running: 2, waiting: 3 });
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(HashQueueFullError);

    // Waiting tasks start only as running ones finish, first come first served.
    gates[4]?.open();
    gates[3]?.open();
    gates[0]?.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toEqual([0]);
    expect(started).toEqual([0, 1, 2]);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    gates[1]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a task that fails', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicTask } from '../../server/lib/periodic-task.ts';
import type { Logger } from '../../server/logger.ts';

function fakeLogger() {
  const errors: unknown[] = [];
  const logger = { error: (fields: unknown) => errors.push(fields) } as unknown as Logger;
  return { logger, errors };
}

/** A task whose runs each last until the test calls finish(). */
function heldTask() {
  const held = { runs: 0, finish: () => {} };
  const task = () => {
    held.runs++;
    return new Promise<void>((resolve) => (held.finish = resolve));
  };
  return { held, task };
}

describe('startPeriodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then an interval after each run ends, and never two at a time', async () => {
    const { held, task } = heldTask();
    const periodic = startPeriodicTask('test', 1000, fakeLogger().logger, task);
    await vi.advanceTimersByTimeAsync(0);
    expect(held.runs).toBe(1);
    // The first run is still going: no second one, however long it takes.
    await vi.advanceTimersByTimeAsync(5000);
    expect(held.runs).toBe(1);
    held.finish();
    await vi.advanceTimersByTimeAsync(999);
    expect(held.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.runs).toBe(2);
    held.finish();
    await periodic.stop();
  });

  it('logs a failed run and keeps the schedule', async () => {
    const { logger, errors } = fakeLogger();
    let runs = 0;
    const task = startPeriodicTask('pruning', 1000, logger, async () => {
      runs++;
      throw new Error('database gone');
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ task: 'pruning', err: { message: 'database gone' } });
    await task.stop();
  });

  it('stops: waits for the run in progress and starts no other', async () => {
    const { held, task } = heldTask();
    const periodic = startPeriodicTask('test', 1000, fakeLogger().logger, task);
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.runs).toBe(1);
  });
});

import type { Logger } from '../logger.ts';

export interface PeriodicTask {
  /** Ends the schedule and waits for a run in progress, so what it uses (the database) can close next. */
  stop(): Promise<void>;
}

/**
 * Runs `task` once right after start and then `intervalMs` after each run ends, so runs never
 * overlap. A failed run is logged and the schedule goes on. The timer never keeps a finished
 * process (or a test) alive.
 */
export function startPeriodicTask(name: string, intervalMs: number, logger: Logger, task: () => Promise<unknown>): PeriodicTask {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = task()
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, task: name }, `${name} failed`),
        )
        .finally(() => {
          if (!stopped) schedule(intervalMs);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

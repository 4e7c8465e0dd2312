import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases.ts';
import { FUZZ_RUNS, FUZZ_SEED, FuzzSession } from '../helpers/fuzz-session.ts';
import { fuzzTargets } from '../helpers/fuzz-targets.ts';

/**
 * Generated bad input against every API endpoint (docs/api.md), every page route and the upload
 * paths (issue 11, "Make it stay fixed"), as a visitor and as a logged-in admin, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL. A case fails on any 5xx, a stack trace in an
 * answer, no answer within FUZZ_TIMEOUT_MS, a connection closed without an answer, or an
 * uncaught exception (the server runs in this process: that is where a crash would land);
 * after every case /healthz and /readyz must still answer 200.
 *
 * Fixed seed and a bounded number of cases: `npm test` runs 25 per target, `npm run fuzz` 200.
 * A failure prints the request, shrunk, and the seed and path that replay it. Knobs:
 *   FUZZ_RUNS=n          cases per target
 *   FUZZ_SEED=n          another fixed seed (each target adds its index)
 *   FUZZ_TIMEOUT_MS=n    what counts as too slow (default 5000)
 *   FUZZ_KEEP_GOING=1    record failures and go on: one run lists every kind, not the first
 *   FUZZ_STATS=1         print each target's answers by status (do the cases get past validation?)
 *   FUZZ_DUMP_DIR=dir    write each failing request's exact bytes there (replay with nc)
 *   FUZZ_LOG_LEVEL=error show the server's log (silent in tests)
 */

/** Room for the cases themselves plus a bounded shrink (see fuzzParameters). */
const timeoutFor = (runs: number) => 60_000 + runs * 1_000;

describe.each(testDialects)(`fuzzing every endpoint on %s (seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs)`, (dialect) => {
  let session: FuzzSession;
  beforeAll(async () => {
    session = await FuzzSession.start(dialect);
  });
  afterAll(async () => session?.close());

  fuzzTargets.forEach((fuzzTarget, index) => {
    const runs = fuzzTarget.runs(FUZZ_RUNS);
    it(`${fuzzTarget.name}: ${runs} generated cases`, async () => {
      await fuzzTarget.assert(session, index, runs);
    }, timeoutFor(runs));
  });

  it('leaves no half-written upload behind', async () => {
    // Storage removes a failed upload's temp file as the request ends; give the last one a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(session.partialFiles()).toEqual([]);
  });

  it('still has the fuzz admin logged in (so admin cases really were admin cases)', async () => {
    expect(await session.adminStillLoggedIn()).toBe(true);
  });
});

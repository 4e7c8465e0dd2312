import type { Db } from '../../db/connection.ts';
import { TOTP_PERIOD_MS } from './totp.ts';

/**
 * RFC 6238 §5.2: a code is accepted once. Each admin's last accepted time step is kept in
 * the shared rate_limits table, and a code is taken only by raising it: one conditional
 * upsert, so two processes racing with the same code cannot both win. A code of an earlier
 * step than one already used is refused too (it may be an observed code, still inside the
 * accepted clock drift).
 */
export async function claimTotpStep(db: Db, adminId: number, step: number): Promise<boolean> {
  // Once the step and the drift window after it have passed, its codes are invalid anyway.
  const expiresAt = (step + 2) * TOTP_PERIOD_MS;
  const claimed = await db
    .insertInto('rate_limits')
    .values({ key: `totp-step:${adminId}`, window_start: 0, hits: step, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .columns(['key', 'window_start'])
        .doUpdateSet({ hits: step, expires_at: expiresAt })
        .where('rate_limits.hits', '<', step),
    )
    .returning('hits')
    .executeTakeFirst();
  return claimed !== undefined;
}

import type { Db } from '../db/connection.ts';
import type { OutboxTable } from '../services/outbox/queries.ts';
import type { OutboxStatsSource } from './server-metrics.ts';

/**
 * An outbox table read for the metrics at each scrape: one count of the rows still to send
 * (pending, or claimed by a sender that may yet finish or die) and one of the rows that failed
 * for good and no admin has dismissed (the same rows the admins' failing badge counts as
 * failed; docs/leads.md). Every process reports the same figures: a dashboard takes their max.
 */
export function outboxTableSource(db: Db, table: OutboxTable): OutboxStatsSource {
  // The two tables share these columns; Kysely types a union of table names only loosely.
  const from: OutboxTable = table;
  return {
    async queueLength() {
      const row = await db
        .selectFrom(from)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
    async failures() {
      const row = await db
        .selectFrom(from)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('status', '=', 'failed')
        .where('dismissed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

/**
 * `owner[key]` when it is an outbox service with queueLength() and failures() (the CDN purges'
 * `services.cdnPurges`), else null: the metrics read it when it exists and work without it.
 */
export function outboxServiceOf(owner: object, key: string): OutboxStatsSource | null {
  const value: unknown = Reflect.get(owner, key);
  if (typeof value !== 'object' || value === null) return null;
  const queueLength: unknown = Reflect.get(value, 'queueLength');
  const failures: unknown = Reflect.get(value, 'failures');
  if (typeof queueLength !== 'function' || typeof failures !== 'function') return null;
  const call = async (method: unknown): Promise<number> => {
    const result: unknown = await Reflect.apply(method as (...args: unknown[]) => unknown, value, []);
    return Number(result);
  };
  return { queueLength: () => call(queueLength), failures: () => call(failures) };
}

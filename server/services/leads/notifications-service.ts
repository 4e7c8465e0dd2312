import type { FailingNotifications, NotificationChannel } from '@domain/leads/types.ts';
import type { Db } from '../../db/connection.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import { countFailing, dismissFailing, listFailing } from './lead-details.ts';

/**
 * The failing badge (docs/leads.md, "The inbox"): e-mails to sales and webhook deliveries
 * that keep failing, shown to every admin until they succeed or an admin dismisses them.
 */
export class NotificationsService {
  constructor(private readonly db: Db) {}

  async failing(): Promise<FailingNotifications> {
    const items = await listFailing(this.db);
    return { count: items.length, items };
  }

  /** The badge's number alone (every admin page shows it). */
  failingCount(): Promise<number> {
    return countFailing(this.db);
  }

  /** Takes one failing delivery off the badge; false when there is no such failing delivery. Audited. */
  async dismiss(channel: NotificationChannel, id: number, actor: AuditActor): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const dismissed = await dismissFailing(trx, channel, id, (who.username ?? 'unknown').slice(0, 64), now);
      if (!dismissed) return false;
      const about = dismissed.leadKind ? `${dismissed.leadKind === 'contact' ? 'contact message' : 'demo request'} ${dismissed.leadId}` : 'no lead';
      await recordAudit(trx, {
        actor: who,
        action: 'notification.dismiss',
        kind: 'notification',
        entityId: `${channel}:${id}`,
        summary: `${channel === 'email' ? 'E-mail' : 'Webhook delivery'} ${id} (${about})`,
        after: { dismissed: true },
        at: now,
      });
      return true;
    });
  }
}

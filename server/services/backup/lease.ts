/**
 * What a restore does to the scheduled backups' lease (`backup_lease`, schedule.ts; issue 36).
 * The snapshot saw it held by the process taking the backup, so left alone it would come back
 * held and the restored site's first scheduled backup would wait for it to run out (up to
 * LEASE_MS). When the last backup finished is cleared too: it spoke of the old site's backups,
 * and the restored site should take its first scheduled backup at start (README, "Backups").
 */
export const RELEASE_LEASE_SQL = "update backup_lease set holder = null, lease_until = 0, last_finished_at = null where name = 'scheduled'";

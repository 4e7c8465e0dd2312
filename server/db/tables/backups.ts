/** The scheduled backups' shared lease (server/services/backup/schedule.ts). */
export interface BackupLeaseTable {
  /** 'scheduled': the one schedule there is. */
  name: string;
  /** Which process holds the lease (host and pid, for the log); null when none does. */
  holder: string | null;
  /** Epoch ms until which the holder may work; 0 when free. The holder extends it while it works. */
  lease_until: number;
  /** Epoch ms when the last scheduled backup finished, or null before the first. */
  last_finished_at: number | null;
}

export interface BackupTables {
  backup_lease: BackupLeaseTable;
}

// Brings a backup into this machine's DATA_DIR and database (README, "Backups";
// docs/decisions/025-backups.md):
//   npm run restore -- <dir> [--force]
// Uses DATA_DIR, DATABASE_URL and the S3_* variables like the server does. DATA_DIR must be
// empty (and the PostgreSQL database have no tables) unless --force. Stop the site first.
// With BACKUP_KEY set, a backup whose manifest is unsigned or edited is refused
// (docs/decisions/031-backup-manifest-signature.md).
import { ConfigError, loadConfig } from '../server/config.ts';
import { BackupError } from '../server/services/backup/manifest.ts';
import { restoreBackup } from '../server/services/backup/restore.ts';
import { runCli } from './lib/run-cli.ts';

const usage = `Usage: npm run restore -- <dir> [--force]
  Checks the backup in <dir> (every path, every file's SHA-256, the database's integrity and
  row counts, and with BACKUP_KEY set the manifest's signature) and brings it into DATA_DIR
  and the database of DATABASE_URL.
  --force  restore over a DATA_DIR or database that is not empty (stop the site first)`;

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const result = await restoreBackup(config, rest[0] ?? '', { force });
  const { manifest } = result;
  const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}) in ${(result.ms / 1000).toFixed(1)} s.`);
  console.log(`  database (${manifest.dialect}): ${Object.keys(manifest.database.tables).length} tables, ${rows} rows, as the manifest says`);
  if (manifest.storage.kind === 'disk') console.log(`  files: ${result.files} into ${config.dataDir}, each matching its SHA-256`);
  else console.log(`  files: in the bucket ${manifest.storage.bucket}; ${result.warnings.length === 0 ? 'every listed object is there' : 'see below'}`);
  if (config.backupKey) console.log(`  manifest: signed with this BACKUP_KEY (key id ${manifest.signature?.keyId ?? '?'}), unchanged`);
  for (const warning of result.warnings) console.warn(`  warning: ${warning}`);
  console.log('Start the site on it as usual (npm start).');
  return 0;
}

runCli(main, { label: 'Restore failed', explained: [BackupError, ConfigError] });

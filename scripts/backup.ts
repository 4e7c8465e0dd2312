// A backup of the running site (README, "Backups"; docs/decisions/025-backups.md):
//   npm run backup -- <dir> [--force]
// Uses DATA_DIR, DATABASE_URL and the S3_* variables like the server does. <dir> must be new
// or empty unless --force, which replaces the backup in it. With BACKUP_KEY set, the manifest
// is signed (docs/decisions/031-backup-manifest-signature.md).
import { ConfigError, loadConfig } from '../server/config.ts';
import { createBackup } from '../server/services/backup/backup.ts';
import { BackupError } from '../server/services/backup/manifest.ts';
import { runCli } from './lib/run-cli.ts';

const usage = `Usage: npm run backup -- <dir> [--force]
  Writes a consistent copy of the site's database and files into <dir>, with manifest.json last.
  --force  write into a directory that is not empty, replacing the backup in it`;

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const result = await createBackup(loadConfig(), rest[0] ?? '', { force });
  const { manifest } = result;
  const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Backup written to ${result.dir} in ${(result.ms / 1000).toFixed(1)} s: ${formatBytes(result.bytes)}.`);
  console.log(`  database (${manifest.dialect}, ${manifest.database.method}): ${Object.keys(manifest.database.tables).length} tables, ${rows} rows`);
  if (manifest.storage.kind === 'disk') {
    console.log(`  files: ${manifest.storage.files.length} from disk storage`);
  } else {
    console.log(`  files: the list of ${manifest.storage.objects.length} objects in the bucket ${manifest.storage.bucket}, not the files;`);
    console.log("  the bucket's own versioning (or replication) is their backup.");
  }
  console.log(
    manifest.signature
      ? `  manifest signed with BACKUP_KEY (key id ${manifest.signature.keyId})`
      : '  manifest not signed (BACKUP_KEY is not set): restore cannot tell an edited backup from this one',
  );
  return 0;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

runCli(main, { label: 'Backup failed', explained: [BackupError, ConfigError] });

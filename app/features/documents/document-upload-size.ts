/**
 * Sizes for the upload dialog (docs/documents.md): B, KB, MB … YB in steps of 1024, as the upload
 * widget shows them: one decimal under 10 (MB and below), two from GB up, whole numbers
 * without decimals.
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const unit = UNITS[exponent];
  if (value % 1 === 0) return `${value} ${unit}`;
  if (exponent >= 3) return `${value.toFixed(2)} ${unit}`;
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${unit}`;
}

/** "12 MB of 105 MB". */
export function formatSizeOf(done: number, total: number): string {
  return `${formatSize(done)} of ${formatSize(total)}`;
}

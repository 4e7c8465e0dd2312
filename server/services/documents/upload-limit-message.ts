/**
 * "5 GiB", "100 MiB", "8 KiB": an upload limit in the largest whole-ish unit, as the uploads
 * API (server/api/uploads.ts) and import from link say it when a file is over it.
 */
export function tooLargeMessage(maxBytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = maxBytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `The file is larger than the upload limit of ${Number(value.toFixed(1))} ${units[unit]}.`;
}

import { knowledgeBaseTabs } from '@content/knowledge-base';
import { fileTypeByMime } from '@domain/documents/rules';

/** Display helpers for document cards; the same output on the server and in the browser. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * In UTC, so the server's rendering and the browser's hydration agree whatever the time zone.
 * Made on first use: building an Intl formatter loads locale data (~20 ms on a phone), which
 * a page without document dates (the glossary tab) should not pay for while it hydrates.
 */
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(date);
}

/** 'PDF', 'Word', 'PNG image'…: what the file is, for people. */
export function typeLabel(mimeType: string): string {
  return fileTypeByMime(mimeType)?.label ?? 'File';
}

export function categoryLabel(category: string): string {
  return knowledgeBaseTabs.find((tab) => tab.id === category)?.label ?? category;
}

/** A carousel image at a thumbnail width (WebP, made by the server). */
export function thumbnailUrl(objectPath: string, width: 280 | 560 | 1200): string {
  return `${objectPath}?w=${width}`;
}

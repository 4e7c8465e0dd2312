/**
 * Shapes shared by the copy of the two platform pages (content/vpv-market.ts and
 * content/vpv-lease.ts). Icons are named here and mapped to components in
 * app/features/platforms/icons.tsx, so copy never imports UI code.
 */
import type { DashboardKey } from './dashboards';

export type PlatformIcon =
  | 'activity'
  | 'analytics'
  | 'profit'
  | 'secure'
  | 'network'
  | 'execute'
  | 'fleet'
  | 'route'
  | 'calendar'
  | 'insurance'
  | 'support'
  | 'contract'
  | 'transparency'
  | 'efficiency'
  | 'control'
  | 'cost'
  | 'excellence'
  | 'scale'
  | 'compliance'
  | 'forecast'
  | 'alert'
  | 'tank'
  | 'quote'
  | 'lease'
  | 'equipment'
  | 'remote'
  | 'history'
  | 'composition'
  | 'product'
  | 'financials';

export interface IconItem {
  icon: PlatformIcon;
  title: string;
  text: string;
}

export interface Cta {
  title: string;
  text: string;
}

export interface Hero {
  eyebrow: string;
  lead: string;
  /** The product screenshot beside the hero text, if any. */
  screenshot?: DashboardKey;
}

/** A card of a tool page: a feature, its bullet list and its screenshot (if there is one yet). */
export interface ToolFeature {
  icon: PlatformIcon;
  title: string;
  summary: string;
  bullets: readonly string[];
  screenshot: DashboardKey | null;
}

export const screenshotComingSoon = 'Screenshot Coming Soon';
export const screenshotFullSizeLabel = 'Open full-size image';

/** Labels of the in-page navigation under a tool page's hero. */
export const jumpLinksLabel = 'Jump to a feature';
export const capabilitiesLabel = 'What the platform does';

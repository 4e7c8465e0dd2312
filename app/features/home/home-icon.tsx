import type { HomeIcon as HomeIconName } from '@content/home';
import {
  ChartLine,
  ChartNoAxesCombined,
  CircleDollarSign,
  ClipboardCheck,
  Container,
  Database,
  Droplets,
  Factory,
  Gauge,
  type LucideIcon,
  Search,
  Settings,
  Snowflake,
  TrendingUp,
  Truck,
  Wrench,
  Zap,
} from 'lucide-react';

/** content/home.ts names its icons; this is where the names become drawings. */
const icons: Record<HomeIconName, LucideIcon> = {
  truck: Truck,
  zap: Zap,
  'trending-up': TrendingUp,
  chart: ChartNoAxesCombined,
  database: Database,
  dollar: CircleDollarSign,
  gauge: Gauge,
  clipboard: ClipboardCheck,
  search: Search,
  settings: Settings,
  container: Container,
  snowflake: Snowflake,
  droplets: Droplets,
  'line-chart': ChartLine,
  factory: Factory,
  wrench: Wrench,
};

/** A decorative icon: the text beside it carries the meaning. */
export function HomeIcon({ name, className }: { name: HomeIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}

import { type DashboardKey, dashboardImage, dashboards } from '@content/dashboards';
import { cn } from '~/lib/cn';

const { basePath, width, height, thumbWidth } = dashboardImage;

type Format = 'avif' | 'webp';

export function dashboardSrc(shot: DashboardKey, size: number, format: Format) {
  return `${basePath}/${dashboards[shot].id}-${size}.${format}`;
}

function srcSet(shot: DashboardKey, format: Format) {
  return `${dashboardSrc(shot, thumbWidth, format)} ${thumbWidth}w, ${dashboardSrc(shot, width, format)} ${width}w`;
}

/**
 * A dashboard screenshot as AVIF with a WebP fallback, in two widths. Width and height
 * are explicit so the browser reserves the box before the image arrives (no layout shift).
 */
export function DashboardPicture({
  shot,
  sizes,
  loading = 'lazy',
  className,
}: {
  shot: DashboardKey;
  /** The rendered width, so the browser picks the smaller file on narrow screens. */
  sizes: string;
  /** 'eager' for the page's main image: it is then also fetched with high priority (it is the LCP). */
  loading?: 'lazy' | 'eager';
  className?: string;
}) {
  const { alt } = dashboards[shot];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(shot, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(shot, 'webp')} sizes={sizes} />
      <img
        src={dashboardSrc(shot, width, 'webp')}
        width={width}
        height={height}
        alt={alt}
        loading={loading}
        fetchPriority={loading === 'eager' ? 'high' : 'auto'}
        decoding="async"
        className={cn('block h-auto w-full', className)}
      />
    </picture>
  );
}

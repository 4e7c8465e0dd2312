// Renders the platform dashboard screenshots (public/images/dashboards/) from SVG drawn in
// scripts/dashboards/, so the images are ours, reproducible and show only sample data:
//   npx tsx scripts/generate-dashboards.ts            all images
//   npx tsx scripts/generate-dashboards.ts --svg      also keep the SVG sources in tmp/ for review
// Each screen is written at full size and as a half-width rendition, in AVIF and WebP.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type DashboardKey, dashboardImage, dashboards } from '../content/dashboards.ts';
import { equipmentOnDemand, flexibleScheduling, remoteLeasing } from './dashboards/lease.ts';
import { compositionReview, historicalAnalysis, liveTankData, productOverview, realTimeFinancials } from './dashboards/market.ts';

const draw: Record<DashboardKey, () => string> = {
  marketFinancials: realTimeFinancials,
  marketTanks: liveTankData,
  marketHistory: historicalAnalysis,
  marketProducts: productOverview,
  marketComposition: compositionReview,
  leaseEquipment: equipmentOnDemand,
  leaseScheduling: flexibleScheduling,
  leaseRemote: remoteLeasing,
};

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', dashboardImage.basePath);
const keepSvg = process.argv.includes('--svg');
fs.mkdirSync(outDir, { recursive: true });

for (const key of Object.keys(draw) as DashboardKey[]) {
  const { id } = dashboards[key];
  const svg = draw[key]();
  if (keepSvg) {
    fs.mkdirSync(path.join(root, 'tmp', 'dashboards'), { recursive: true });
    fs.writeFileSync(path.join(root, 'tmp', 'dashboards', `${id}.svg`), svg);
  }
  // Rasterize at twice the size and scale down: text and thin lines come out sharper.
  const raster = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  for (const width of [dashboardImage.width, dashboardImage.thumbWidth]) {
    const resized = sharp(raster).resize({ width, kernel: 'lanczos3' });
    const stem = path.join(outDir, `${id}-${width}`);
    // Full chroma: saturated UI colours on a dark background smear with 4:2:0 subsampling.
    await resized.clone().avif({ quality: 62, effort: 6, chromaSubsampling: '4:4:4' }).toFile(`${stem}.avif`);
    await resized.clone().webp({ quality: 84, effort: 6, smartSubsample: true }).toFile(`${stem}.webp`);
    const sizes = ['avif', 'webp'].map((format) => `${format} ${Math.round(fs.statSync(`${stem}.${format}`).size / 1024)} kB`);
    console.log(`${path.relative(root, stem)}: ${sizes.join(', ')}`);
  }
}

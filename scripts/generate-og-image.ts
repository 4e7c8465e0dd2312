// Renders the default 1200×630 Open Graph image (public/og-default.png) from an SVG drawn
// here, so the image is ours and reproducible: `npx tsx scripts/generate-og-image.ts`.
import path from 'node:path';
import sharp from 'sharp';
import { site } from '../content/site.ts';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#06121f"/><stop offset="0.6" stop-color="#0b1f35"/><stop offset="1" stop-color="#1b4470"/>
    </linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0e9cc2" stop-opacity="0"/><stop offset="0.5" stop-color="#0e9cc2"/><stop offset="1" stop-color="#f97316"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g opacity="0.12" stroke="#a5e8f7" stroke-width="2" fill="none">
    <circle cx="1010" cy="150" r="90"/><circle cx="1010" cy="150" r="150"/><circle cx="1010" cy="150" r="210"/>
  </g>
  <g transform="translate(80,90)">
    <line x1="27" y1="66" x2="48" y2="27" stroke="#0e9cc2" stroke-width="7"/>
    <line x1="48" y1="27" x2="72" y2="66" stroke="#0e9cc2" stroke-width="7"/>
    <line x1="27" y1="66" x2="72" y2="66" stroke="#f97316" stroke-width="7"/>
    <circle cx="48" cy="27" r="15" fill="#a5e8f7"/><circle cx="27" cy="66" r="15" fill="#0e9cc2"/><circle cx="72" cy="66" r="15" fill="#f97316"/>
    <text x="110" y="66" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${site.name}</text>
  </g>
  <text x="80" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="78" font-weight="800" fill="#ffffff">${site.slogan}</text>
  <text x="80" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" fill="#cbd5e1">LNG and NGL virtual pipeline transportation, storage and logistics</text>
  <rect x="80" y="470" width="1040" height="6" rx="3" fill="url(#road)"/>
  <g transform="translate(820,500)">
    <rect x="0" y="0" width="230" height="64" rx="32" fill="#e2e8f0"/>
    <rect x="236" y="14" width="54" height="50" rx="8" fill="#f97316"/>
    <circle cx="50" cy="74" r="16" fill="#1e293b"/><circle cx="110" cy="74" r="16" fill="#1e293b"/><circle cx="262" cy="74" r="16" fill="#1e293b"/>
    <text x="115" y="42" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="700" fill="#0b6683">LNG</text>
  </g>
</svg>`;

const out = path.resolve(import.meta.dirname, '..', 'public', 'og-default.png');
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out);
console.log(`wrote ${out}`);

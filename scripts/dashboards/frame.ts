// The application chrome every dashboard sits in: a sidebar with the product's navigation
// and a top bar with the page title, filters, alerts and the signed-in user.
import { H, W, rect, text, theme } from './svg.ts';

export const content = { x: 224, y: 84, right: W - 24, bottom: H - 20 } as const;

interface Frame {
  product: 'VPV Market' | 'VPV Lease';
  nav: string[];
  active: string;
  title: string;
  subtitle: string;
  pills: string[];
  alerts: number;
  body: string;
}

/** Small outline glyphs standing in for nav icons (no icon font needed in librsvg). */
function glyph(x: number, y: number, index: number, color: string): string {
  const stroke = `fill="none" stroke="${color}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"`;
  const shapes = [
    `<rect x="${x}" y="${y}" width="6" height="6" rx="1" ${stroke}/><rect x="${x + 8}" y="${y}" width="6" height="6" rx="1" ${stroke}/><rect x="${x}" y="${y + 8}" width="6" height="6" rx="1" ${stroke}/><rect x="${x + 8}" y="${y + 8}" width="6" height="6" rx="1" ${stroke}/>`,
    `<polyline points="${x},${y + 12} ${x + 4},${y + 6} ${x + 8},${y + 9} ${x + 14},${y + 2}" ${stroke}/>`,
    `<rect x="${x + 2}" y="${y}" width="10" height="14" rx="4" ${stroke}/><line x1="${x + 2}" y1="${y + 8}" x2="${x + 12}" y2="${y + 8}" ${stroke}/>`,
    `<circle cx="${x + 7}" cy="${y + 7}" r="6" ${stroke}/><path d="M${x + 7},${y + 1} V${y + 7} H${x + 13}" ${stroke}/>`,
    `<line x1="${x + 2}" y1="${y + 13}" x2="${x + 2}" y2="${y + 6}" ${stroke}/><line x1="${x + 7}" y1="${y + 13}" x2="${x + 7}" y2="${y + 1}" ${stroke}/><line x1="${x + 12}" y1="${y + 13}" x2="${x + 12}" y2="${y + 8}" ${stroke}/>`,
    `<path d="M${x + 7},${y + 1} L${x + 13},${y + 4} V${y + 9} L${x + 7},${y + 13} L${x + 1},${y + 9} V${y + 4} Z" ${stroke}/>`,
    `<rect x="${x}" y="${y + 2}" width="14" height="11" rx="2" ${stroke}/><line x1="${x}" y1="${y + 6}" x2="${x + 14}" y2="${y + 6}" ${stroke}/>`,
    `<circle cx="${x + 7}" cy="${y + 7}" r="2.5" ${stroke}/><circle cx="${x + 7}" cy="${y + 7}" r="6" ${stroke}/>`,
  ];
  return shapes[index % shapes.length]!;
}

function sidebar(frame: Frame): string {
  const parts = [
    rect(0, 0, 200, H, theme.sidebar),
    `<line x1="200" y1="0" x2="200" y2="${H}" stroke="${theme.border}"/>`,
    // The molecule mark of the logo.
    `<g transform="translate(20,22)"><line x1="7" y1="19" x2="14" y2="6" stroke="${theme.brand}" stroke-width="2.5"/><line x1="14" y1="6" x2="22" y2="19" stroke="${theme.brand}" stroke-width="2.5"/><line x1="7" y1="19" x2="22" y2="19" stroke="${theme.flame}" stroke-width="2.5"/><circle cx="14" cy="6" r="5" fill="#a5e8f7"/><circle cx="7" cy="19" r="5" fill="${theme.brand}"/><circle cx="22" cy="19" r="5" fill="${theme.flame}"/></g>`,
    text(56, 41, frame.product, { size: 16, weight: 700 }),
    text(20, 88, 'WORKSPACE', { size: 9.5, weight: 700, fill: theme.faint, spacing: 1 }),
  ];
  frame.nav.forEach((item, index) => {
    const y = 102 + index * 38;
    const active = item === frame.active;
    if (active) parts.push(rect(12, y, 176, 32, theme.brand, 8, 'fill-opacity="0.18"'), rect(12, y + 6, 3, 20, theme.cyan, 1.5));
    parts.push(glyph(28, y + 9, index, active ? theme.cyan : theme.muted));
    parts.push(text(54, y + 20.5, item, { size: 12.5, weight: active ? 700 : 400, fill: active ? theme.text : theme.muted }));
  });
  parts.push(
    rect(12, H - 64, 176, 48, theme.panel, 10, `stroke="${theme.border}"`),
    `<circle cx="36" cy="${H - 40}" r="13" fill="${theme.brand}"/>`,
    text(36, H - 36, 'JR', { size: 10.5, weight: 700, anchor: 'middle' }),
    text(58, H - 44, 'J. Ramirez', { size: 11.5, weight: 700 }),
    text(58, H - 29, 'Permian Gas Partners', { size: 10, fill: theme.muted }),
  );
  return parts.join('');
}

function topBar(frame: Frame): string {
  const parts = [
    text(content.x, 38, frame.title, { size: 21, weight: 700 }),
    text(content.x, 58, frame.subtitle, { size: 11.5, fill: theme.muted }),
  ];
  let pillRight = content.right - 86;
  for (const pill of [...frame.pills].reverse()) {
    const width = pill.length * 6.4 + 34;
    const left = pillRight - width;
    parts.push(
      rect(left, 24, width, 30, theme.panel, 8, `stroke="${theme.border}"`),
      text(left + 12, 43, pill, { size: 11.5, fill: theme.text }),
      `<polyline points="${left + width - 16},37 ${left + width - 12},41 ${left + width - 8},37" fill="none" stroke="${theme.muted}" stroke-width="1.5"/>`,
    );
    pillRight = left - 8;
  }
  // Alerts bell with a count badge, then the avatar.
  const bellX = content.right - 70;
  parts.push(
    rect(bellX, 24, 30, 30, theme.panel, 8, `stroke="${theme.border}"`),
    `<path d="M${bellX + 9},${44} h12 l-2,-3 v-5 a4,4 0 0 0 -8,0 v5 z" fill="none" stroke="${theme.text}" stroke-width="1.4"/>`,
    frame.alerts > 0 ? `<circle cx="${bellX + 26}" cy="27" r="7" fill="${theme.flame}"/>` + text(bellX + 26, 30.5, String(frame.alerts), { size: 9, weight: 700, anchor: 'middle' }) : '',
    `<circle cx="${content.right - 15}" cy="39" r="15" fill="${theme.panelAlt}" stroke="${theme.border}"/>`,
    text(content.right - 15, 43, 'JR', { size: 10.5, weight: 700, anchor: 'middle', fill: theme.cyan }),
  );
  return parts.join('');
}

export function frame(input: Frame): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${rect(0, 0, W, H, theme.bg)}${sidebar(input)}${topBar(input)}${input.body}</svg>`;
}

export const marketNav = ['Overview', 'Financials', 'Live Tanks', 'History', 'Products', 'Composition', 'Settlements', 'Alerts'];
export const leaseNav = ['Dashboard', 'Equipment', 'Schedule', 'Leases', 'Telemetry', 'Quotes', 'Invoices', 'Support'];

/**
 * Pictures the storefront serves itself (the demo runs offline): a garment drawing per category
 * in a listing's colour, category tiles and brand wordmarks. Pure functions returning SVG text.
 */
import { CATEGORIES, COLORS } from '@rewear/contracts';

export const IMAGE_SIZE = { width: 600, height: 600 } as const;

export const COLOR_HEX: Record<string, string> = {
  red: '#c7372f',
  blue: '#2f5fb3',
  green: '#3d8b5a',
  yellow: '#e6b422',
  orange: '#e07a2e',
  pink: '#e48aa8',
  black: '#26262b',
  white: '#f4f2ee',
};

/** Darker shade for outlines and details, lighter for the backdrop. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, v)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export const categorySlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Outline drawings on a 600×600 canvas: one per category slug (its tile, and the picture of a
 * listing of that category), and one per garment a category holds that its drawing does not
 * show (shorts are not jeans, a scarf is not a hat).
 */
const GARMENTS: Record<string, (fill: string, line: string) => string> = {
  tops: (f, l) =>
    `<path d="M220 120 L170 135 L95 205 L140 265 L185 235 L185 480 L415 480 L415 235 L460 265 L505 205 L430 135 L380 120 Q300 175 220 120 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M220 120 Q300 175 380 120" fill="none" stroke="${l}" stroke-width="6"/>`,
  dresses: (f, l) =>
    `<path d="M245 90 L230 180 Q215 215 225 240 L140 500 Q300 540 460 500 L375 240 Q385 215 370 180 L355 90 L330 95 Q300 140 270 95 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M225 240 Q300 260 375 240" fill="none" stroke="${l}" stroke-width="6"/>`,
  shoes: (f, l) =>
    `<path d="M110 330 Q120 250 170 240 L250 235 Q300 300 380 320 L470 340 Q520 355 515 400 L515 420 L105 420 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="100" y="415" width="420" height="30" rx="12" fill="#f7f7f7" stroke="${l}" stroke-width="6"/>` +
    `<path d="M250 270 L290 260 M265 290 L305 280 M280 310 L320 300" stroke="${l}" stroke-width="6" stroke-linecap="round"/>`,
  accessories: (f, l) =>
    `<ellipse cx="300" cy="360" rx="220" ry="55" fill="${f}" stroke="${l}" stroke-width="6"/>` +
    `<path d="M190 360 Q190 190 300 190 Q410 190 410 360 Z" fill="${f}" stroke="${l}" stroke-width="6"/>` +
    `<path d="M192 320 Q300 345 408 320" fill="none" stroke="${l}" stroke-width="14"/>`,
  outerwear: (f, l) =>
    `<path d="M230 100 L160 125 L90 300 L110 470 L165 470 L180 300 L185 500 L415 500 L420 300 L435 470 L490 470 L510 300 L440 125 L370 100 L300 200 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M300 200 L300 500 M230 100 L265 250 M370 100 L335 250" fill="none" stroke="${l}" stroke-width="6"/>` +
    `<circle cx="315" cy="300" r="7" fill="${l}"/><circle cx="315" cy="370" r="7" fill="${l}"/><circle cx="315" cy="440" r="7" fill="${l}"/>`,
  jeans: (f, l) =>
    `<path d="M190 90 L410 90 L440 510 L330 510 L300 210 L270 510 L160 510 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M190 130 L410 130 M300 130 L300 210 M215 130 Q230 180 260 175 M385 130 Q370 180 340 175" fill="none" stroke="${l}" stroke-width="5"/>`,
  skirts: (f, l) =>
    `<path d="M220 150 L380 150 L470 470 Q300 510 130 470 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="215" y="130" width="170" height="30" rx="6" fill="${f}" stroke="${l}" stroke-width="6"/>` +
    `<path d="M260 160 L220 480 M300 160 L300 492 M340 160 L380 480" fill="none" stroke="${l}" stroke-width="4" opacity="0.6"/>`,
  knitwear: (f, l) =>
    `<path d="M225 110 L160 130 L100 330 L95 470 L150 470 L175 300 L180 490 L420 490 L425 300 L450 470 L505 470 L500 330 L440 130 L375 110 Q300 160 225 110 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M180 460 L420 460 M95 445 L150 445 M450 445 L505 445" stroke="${l}" stroke-width="6"/>` +
    `<path d="M220 250 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20 l20 20 l20 -20" fill="none" stroke="${l}" stroke-width="5" opacity="0.7"/>`,
  activewear: (f, l) =>
    `<path d="M215 90 L385 90 L400 200 L430 510 L335 510 L300 250 L265 510 L170 510 L200 200 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M205 130 L395 130" stroke="${l}" stroke-width="10"/>` +
    `<path d="M190 300 L180 500 M410 300 L420 500" stroke="#ffffff" stroke-width="8" opacity="0.7"/>`,
  bags: (f, l) =>
    `<path d="M230 220 Q230 120 300 120 Q370 120 370 220" fill="none" stroke="${l}" stroke-width="14"/>` +
    `<path d="M150 220 L450 220 L480 480 L120 480 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="275" y="270" width="50" height="30" rx="6" fill="${l}"/>`,
  shorts: (f, l) =>
    `<path d="M165 150 L435 150 L470 420 L325 440 L300 270 L275 440 L130 420 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M165 190 L435 190 M300 190 L300 270" fill="none" stroke="${l}" stroke-width="5"/>`,
  'sports-bra': (f, l) =>
    `<path d="M185 130 L235 130 L265 250 Q300 270 335 250 L365 130 L415 130 L445 320 L445 430 L155 430 L155 320 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M155 370 L445 370" stroke="${l}" stroke-width="10"/>`,
  scarf: (f, l) =>
    `<path d="M190 110 Q300 170 410 110 L410 175 Q300 235 190 175 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M235 175 L205 470 L270 480 L300 200 Z M325 200 L345 490 L410 480 L380 170 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M210 470 L205 510 M230 474 L226 514 M250 477 L247 517 M350 488 L350 528 M370 486 L372 526 M390 483 L394 523" stroke="${l}" stroke-width="5" stroke-linecap="round"/>`,
  belt: (f, l) =>
    `<rect x="50" y="265" width="500" height="70" rx="10" fill="${f}" stroke="${l}" stroke-width="6"/>` +
    `<rect x="330" y="240" width="90" height="120" rx="14" fill="none" stroke="${l}" stroke-width="14"/>` +
    `<path d="M330 300 L420 300" stroke="${l}" stroke-width="10"/>` +
    `<circle cx="150" cy="300" r="8" fill="${l}"/><circle cx="200" cy="300" r="8" fill="${l}"/><circle cx="250" cy="300" r="8" fill="${l}"/>`,
  sunglasses: (f, l) =>
    `<path d="M80 270 L40 230 M520 270 L560 230" stroke="${l}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M80 260 L285 260 Q290 390 190 390 Q90 390 80 260 Z M315 260 L520 260 Q510 390 410 390 Q310 390 315 260 Z" fill="${f}" stroke="${l}" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M285 280 Q300 255 315 280" fill="none" stroke="${l}" stroke-width="10"/>`,
  necklace: (f, l) =>
    `<path d="M150 110 Q170 330 300 370 Q430 330 450 110" fill="none" stroke="${l}" stroke-width="8"/>` +
    `<circle cx="190" cy="250" r="14" fill="${f}" stroke="${l}" stroke-width="4"/><circle cx="235" cy="320" r="14" fill="${f}" stroke="${l}" stroke-width="4"/><circle cx="365" cy="320" r="14" fill="${f}" stroke="${l}" stroke-width="4"/><circle cx="410" cy="250" r="14" fill="${f}" stroke="${l}" stroke-width="4"/>` +
    `<path d="M300 370 L350 440 L300 520 L250 440 Z" fill="${f}" stroke="${l}" stroke-width="6" stroke-linejoin="round"/>`,
};

export const GARMENT_SLUGS = Object.keys(GARMENTS);

function frame(title: string, background: string, body: string): string {
  const { width, height } = IMAGE_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title><rect width="${width}" height="${height}" fill="${background}"/>${body}</svg>`
  );
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** A garment of `categorySlug` in `color` (one of the fixed colour names), or null if either is unknown. */
export function garmentSvg(slug: string, color: string): string | null {
  const draw = GARMENTS[slug];
  const hex = COLOR_HEX[color];
  if (!draw || !hex) return null;
  const line = color === 'black' ? '#0d0d10' : shade(hex, -0.45);
  const backdrop = color === 'white' ? '#dfe3e8' : shade(hex, 0.85);
  return frame(`${color} ${slug}`, backdrop, draw(hex, line));
}

/** Path of the garment picture for a listing: the drawing of its category. */
export const garmentImagePath = (categoryName: string, color: string) =>
  garmentPicturePath(categorySlug(categoryName), color);

/** Path of the drawing `slug` (one of GARMENT_SLUGS) in `color`. */
export const garmentPicturePath = (slug: string, color: string) =>
  `/images/garments/${slug}-${color}.svg`;

const CATEGORY_COLORS = [
  'blue',
  'pink',
  'black',
  'orange',
  'green',
  'blue',
  'red',
  'yellow',
  'green',
  'orange',
];

/** The category tile: its garment on a coloured ground with the name. */
export function categorySvg(id: number): string | null {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category) return null;
  const color = CATEGORY_COLORS[(id - 1) % CATEGORY_COLORS.length]!;
  const hex = COLOR_HEX[color]!;
  const draw = GARMENTS[categorySlug(category.name)]!;
  const body =
    `<g transform="translate(90 40) scale(0.7)">${draw('#ffffff', shade(hex, -0.5))}</g>` +
    `<text x="300" y="545" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(category.name)}</text>`;
  return frame(category.name, hex, body);
}

export const brandSlug = categorySlug;

/** A simple wordmark for a brand name. */
export function brandSvg(name: string): string {
  const width = 400;
  const height = 200;
  const fontSize = Math.max(28, Math.min(72, Math.floor(640 / Math.max(name.length, 4))));
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const palette = COLORS.map((c) => COLOR_HEX[c.name]!).filter(
    (h) => h !== COLOR_HEX.white && h !== COLOR_HEX.yellow,
  );
  const ink = palette[hash % palette.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(name)}">` +
    `<title>${escapeXml(name)}</title><rect width="${width}" height="${height}" rx="16" fill="#ffffff"/>` +
    `<text x="200" y="${100 + fontSize * 0.35}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${fontSize}" font-weight="700" letter-spacing="1" fill="${ink}">${escapeXml(name)}</text></svg>`
  );
}

import { storeImage } from '../lib/images.ts';
import type { IconKind } from './catalog-data.ts';

/** Simple product drawings in a 200x200 box, centred; `c` is the accent colour. */
const icons: Record<IconKind, (c: string) => string> = {
  notebook: (c) =>
    `<rect x="55" y="35" width="90" height="130" rx="8" fill="${c}"/><rect x="55" y="35" width="14" height="130" fill="#0003"/>` +
    [70, 90, 110].map((y) => `<rect x="80" y="${y}" width="50" height="6" rx="3" fill="#fff9"/>`).join(''),
  ticket: (c) =>
    `<path d="M30 65h140v22a14 14 0 0 0 0 28v22H30v-22a14 14 0 0 0 0-28z" fill="${c}"/><polygon points="90,82 90,120 122,101" fill="#fff"/>`,
  glasses: (c) =>
    `<circle cx="68" cy="100" r="30" fill="${c}"/><circle cx="132" cy="100" r="30" fill="${c}"/><rect x="94" y="92" width="12" height="8" fill="#333"/><rect x="20" y="90" width="20" height="6" fill="#333"/><rect x="160" y="90" width="20" height="6" fill="#333"/>`,
  ball: (c) =>
    `<circle cx="100" cy="100" r="62" fill="#fff" stroke="${c}" stroke-width="6"/><polygon points="100,75 122,91 114,117 86,117 78,91" fill="${c}"/>`,
  suitcase: (c) =>
    `<rect x="80" y="40" width="40" height="22" rx="6" fill="none" stroke="#333" stroke-width="8"/><rect x="45" y="58" width="110" height="100" rx="14" fill="${c}"/><rect x="70" y="58" width="8" height="100" fill="#0002"/><rect x="122" y="58" width="8" height="100" fill="#0002"/>`,
  paw: (c) =>
    `<ellipse cx="100" cy="122" rx="34" ry="28" fill="${c}"/>` +
    [
      [60, 85],
      [82, 62],
      [118, 62],
      [140, 85],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="13" ry="17" fill="${c}"/>`)
      .join(''),
  bottle: (c) =>
    `<rect x="86" y="30" width="28" height="22" rx="4" fill="#333"/><rect x="68" y="50" width="64" height="118" rx="18" fill="${c}"/><rect x="78" y="90" width="44" height="40" rx="6" fill="#fffa"/>`,
  controller: (c) =>
    `<rect x="35" y="70" width="130" height="70" rx="35" fill="${c}"/><rect x="62" y="92" width="8" height="26" fill="#fff"/><rect x="53" y="101" width="26" height="8" fill="#fff"/><circle cx="130" cy="96" r="7" fill="#fff"/><circle cx="145" cy="112" r="7" fill="#fff"/>`,
  tent: (c) => `<polygon points="100,35 170,160 30,160" fill="${c}"/><polygon points="100,90 125,160 75,160" fill="#0004"/>`,
  backpack: (c) =>
    `<path d="M75 55a25 25 0 0 1 50 0" fill="none" stroke="#333" stroke-width="8"/><rect x="50" y="55" width="100" height="115" rx="26" fill="${c}"/><rect x="68" y="110" width="64" height="42" rx="10" fill="#0003"/>`,
  house: (c) =>
    `<polygon points="100,35 170,95 30,95" fill="#333"/><rect x="48" y="92" width="104" height="72" fill="${c}"/><rect x="88" y="118" width="24" height="46" fill="#fffc"/>`,
  screen: (c) =>
    `<rect x="35" y="45" width="130" height="88" rx="8" fill="#333"/><rect x="43" y="53" width="114" height="72" rx="4" fill="${c}"/><rect x="90" y="133" width="20" height="18" fill="#333"/><rect x="66" y="150" width="68" height="8" rx="4" fill="#333"/>`,
  mug: (c) =>
    `<rect x="50" y="60" width="80" height="95" rx="10" fill="${c}"/><path d="M130 80h14a18 18 0 0 1 0 36h-14" fill="none" stroke="${c}" stroke-width="10"/><path d="M75 50c0-10 10-10 10-20M100 50c0-10 10-10 10-20" stroke="#999" stroke-width="5" fill="none"/>`,
  shirt: (c) =>
    `<polygon points="70,40 100,52 130,40 170,68 152,95 138,86 138,165 62,165 62,86 48,95 30,68" fill="${c}"/><text x="100" y="130" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#fff" text-anchor="middle">10</text>`,
};

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(h) % 360}, ${s}%, ${l}%)`;
}

/** A square product picture: soft background, the category drawing in a colour of its own. */
export function drawingSvg(icon: IconKind, seed: number, size = 800): string {
  const hue = (seed * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 96)}"/><stop offset="1" stop-color="${hsl(hue + 30, 55, 86)}"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/><ellipse cx="100" cy="172" rx="62" ry="8" fill="#0001"/>
${icons[icon](hsl(hue, 65, 48))}</svg>`;
}

/** A wide banner: gradient, three drawings and a title. */
export function bannerSvg(title: string, subtitle: string, iconsOf: IconKind[], seed: number): string {
  const hue = (seed * 71 + 200) % 360;
  const drawings = iconsOf
    .map((icon, i) => `<g transform="translate(${820 + i * 120}, ${40 + (i % 2) * 60}) scale(0.9)">${icons[icon]('#fff')}</g>`)
    .join('');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(hue, 70, 35)}"/><stop offset="1" stop-color="${hsl(hue + 40, 70, 55)}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#b)"/>${drawings}
<text x="70" y="165" font-family="DejaVu Sans, sans-serif" font-size="58" font-weight="bold" fill="#fff">${esc(title)}</text>
<text x="70" y="225" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fffd">${esc(subtitle)}</text></svg>`;
}

/** Renders an SVG into the stored picture variants, like an upload, and returns its public URL. */
export function writePicture(uploadsDir: string, folder: string, svg: string): Promise<string> {
  return storeImage(uploadsDir, folder, Buffer.from(svg), { allowSvg: true });
}

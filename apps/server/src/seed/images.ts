import { storeImage } from '../lib/images.ts';
import type { IconKind, ProductDrawing } from './catalog-data.ts';

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

/**
 * One drawing per demo product, made for it (catalog-data.ts names each product's), in the same 200x200
 * box and style as the category drawings: flat shapes, the accent colour `c`, dark #333 details.
 */
export const productDrawings: Record<ProductDrawing, (c: string) => string> = {
  notebook: (c) => icons.notebook(c) + `<path d="M122 165v18l6-5 6 5v-18z" fill="#d33"/>`,
  pen: (c) =>
    `<g transform="rotate(40 100 100)"><rect x="92" y="28" width="16" height="112" rx="6" fill="${c}"/><rect x="92" y="62" width="16" height="10" fill="#0003"/>` +
    `<path d="M92 140h16l-8 26z" fill="#ddd"/><path d="M97 156h6l-3 10z" fill="#333"/><rect x="88" y="36" width="5" height="44" rx="2" fill="#555"/></g>`,
  deskOrganizer: (c) =>
    [68, 84, 100]
      .map(
        (x, i) =>
          `<rect x="${x}" y="${52 + i * 8}" width="9" height="60" fill="${['#f4b400', '#db4437', '#4285f4'][i]}"/><path d="M${x} ${52 + i * 8}l4.5-10 4.5 10z" fill="#e8d3a8"/>`,
      )
      .join('') +
    `<rect x="118" y="62" width="30" height="34" rx="2" fill="#ffe680"/><rect x="122" y="70" width="22" height="3" fill="#0002"/><rect x="122" y="78" width="16" height="3" fill="#0002"/>` +
    `<rect x="52" y="100" width="104" height="62" rx="8" fill="${c}"/><rect x="110" y="100" width="6" height="62" fill="#0002"/>`,
  laptopStand: (c) =>
    `<polygon points="62,150 138,150 122,112 78,112" fill="${c}"/><rect x="50" y="150" width="100" height="8" rx="4" fill="${c}"/>` +
    `<polygon points="52,112 148,112 136,100 64,100" fill="#555"/><rect x="66" y="40" width="68" height="62" rx="5" fill="#333" transform="skewX(-8) translate(14 0)"/><rect x="72" y="46" width="56" height="46" rx="2" fill="#9cd3f5" transform="skewX(-8) translate(14 0)"/>`,
  clapperboard: (c) =>
    `<rect x="42" y="88" width="116" height="74" rx="6" fill="#333"/><rect x="42" y="88" width="116" height="14" fill="${c}"/>` +
    `<g transform="rotate(-14 44 86)"><rect x="42" y="66" width="116" height="18" rx="2" fill="#333"/>` +
    [50, 78, 106, 134].map((x) => `<polygon points="${x},66 ${x + 14},66 ${x + 6},84 ${x - 8},84" fill="#fff"/>`).join('') +
    `</g><rect x="56" y="116" width="60" height="6" rx="3" fill="#fff9"/><rect x="56" y="132" width="40" height="6" rx="3" fill="#fff9"/>`,
  musicNotes: (c) =>
    `<ellipse cx="70" cy="146" rx="20" ry="15" fill="${c}" transform="rotate(-20 70 146)"/><ellipse cx="138" cy="130" rx="20" ry="15" fill="${c}" transform="rotate(-20 138 130)"/>` +
    `<rect x="83" y="52" width="8" height="92" fill="${c}"/><rect x="151" y="36" width="8" height="92" fill="${c}"/><polygon points="83,52 159,36 159,58 83,74" fill="${c}"/>`,
  openBook: (c) =>
    `<path d="M100 62c-18-12-44-14-66-8v100c22-6 48-4 66 8z" fill="${c}"/><path d="M100 62c18-12 44-14 66-8v100c-22-6-48-4-66 8z" fill="${c}"/>` +
    `<path d="M100 62c-16-10-38-12-58-7v92c20-5 42-3 58 7zM100 62c16-10 38-12 58-7v92c-20-5-42-3-58 7z" fill="#fff"/>` +
    [84, 100, 116]
      .map(
        (y) =>
          `<rect x="54" y="${y}" width="34" height="4" rx="2" fill="#0002"/><rect x="112" y="${y}" width="34" height="4" rx="2" fill="#0002"/>`,
      )
      .join(''),
  sunglasses: (c) =>
    `<path d="M28 84h144" stroke="${c}" stroke-width="8" stroke-linecap="round"/><path d="M36 84h52v12c0 20-10 30-26 30s-26-10-26-30z" fill="#222"/>` +
    `<path d="M112 84h52v12c0 20-10 30-26 30s-26-10-26-30z" fill="#222"/><path d="M46 92l14 0-10 14z" fill="#fff3"/><path d="M122 92l14 0-10 14z" fill="#fff3"/>` +
    `<path d="M88 90q12-8 24 0" fill="none" stroke="${c}" stroke-width="6"/>`,
  cap: (c) =>
    `<path d="M40 128a60 58 0 0 1 120 0z" fill="${c}"/><path d="M100 70v58" stroke="#0002" stroke-width="3"/><path d="M70 76q-8 24-6 52M130 76q8 24 6 52" fill="none" stroke="#0002" stroke-width="3"/>` +
    `<path d="M118 126h52c8 0 10 12 0 12h-52z" fill="${c}"/><path d="M118 126h52c8 0 10 12 0 12h-52z" fill="#0003"/><circle cx="100" cy="70" r="6" fill="${c}"/>` +
    `<polygon points="82,98 86,108 97,108 88,114 91,124 82,118 73,124 76,114 67,108 78,108" fill="#fff"/>`,
  wallet: (c) =>
    `<rect x="38" y="60" width="124" height="90" rx="12" fill="${c}"/><rect x="38" y="60" width="124" height="22" rx="10" fill="#0002"/>` +
    `<path d="M112 92h50v34h-50a17 17 0 0 1 0-34z" fill="#0003"/><circle cx="118" cy="109" r="7" fill="#fff"/><rect x="50" y="48" width="60" height="20" rx="3" fill="#fff" transform="rotate(-6 80 58)"/>`,
  soccerBall: (c) =>
    `<circle cx="100" cy="100" r="62" fill="#fff" stroke="#333" stroke-width="4"/><polygon points="100,78 121,93 113,118 87,118 79,93" fill="#333"/>` +
    [
      [100, 78, 100, 44],
      [121, 93, 152, 82],
      [113, 118, 132, 146],
      [87, 118, 68, 146],
      [79, 93, 48, 82],
    ]
      .map(([x1, y1, x2, y2]) => `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="#333" stroke-width="4"/>`)
      .join('') +
    `<path d="M84 42l16 2 16-2M150 70l6 18-6 16M140 150l-18 10M60 150l18 10M50 70l-6 18 6 16" stroke="#333" stroke-width="8" fill="none"/><circle cx="100" cy="100" r="62" fill="none" stroke="${c}" stroke-width="6"/>`,
  yogaMat: (c) =>
    `<polygon points="24,150 128,150 148,124 44,124" fill="${c}"/><polygon points="24,150 128,150 128,156 24,156" fill="#0003"/>` +
    `<circle cx="148" cy="104" r="32" fill="${c}"/><circle cx="148" cy="104" r="22" fill="#0002"/><circle cx="148" cy="104" r="12" fill="#0002"/><circle cx="148" cy="104" r="4" fill="#0003"/>` +
    `<path d="M126 80q22-24 44 0" fill="none" stroke="#333" stroke-width="5"/>`,
  sportsBottle: (c) =>
    `<rect x="94" y="22" width="12" height="14" rx="3" fill="#333"/><rect x="80" y="34" width="40" height="20" rx="5" fill="#333"/>` +
    `<path d="M72 62q0-10 10-10h36q10 0 10 10v32q-8 8 0 16v44q0 12-12 12h-32q-12 0-12-12v-44q8-8 0-16z" fill="${c}"/><rect x="72" y="70" width="56" height="10" fill="#fff5"/><rect x="86" y="118" width="28" height="30" rx="4" fill="#fffa"/>`,
  resistanceBands: (c) =>
    `<ellipse cx="100" cy="100" rx="64" ry="24" fill="none" stroke="${c}" stroke-width="9"/>` +
    `<ellipse cx="100" cy="100" rx="64" ry="24" fill="none" stroke="#f4b400" stroke-width="9" transform="rotate(60 100 100)"/>` +
    `<ellipse cx="100" cy="100" rx="64" ry="24" fill="none" stroke="#333" stroke-width="9" transform="rotate(-60 100 100)"/>`,
  carryOn: (c) =>
    `<path d="M86 56V26h28v30" fill="none" stroke="#555" stroke-width="7"/><rect x="58" y="54" width="84" height="106" rx="14" fill="${c}"/>` +
    [76, 100, 124].map((x) => `<rect x="${x - 3}" y="62" width="6" height="90" rx="3" fill="#0002"/>`).join('') +
    `<circle cx="72" cy="166" r="8" fill="#333"/><circle cx="128" cy="166" r="8" fill="#333"/>`,
  travelPillow: (c) =>
    `<path d="M62 72a38 44 0 1 0 76 0" fill="none" stroke="${c}" stroke-width="36" stroke-linecap="round"/><path d="M62 72a38 44 0 1 0 76 0" fill="none" stroke="#fff3" stroke-width="4" stroke-dasharray="6 8"/>`,
  packingCubes: (c) =>
    `<rect x="34" y="112" width="132" height="48" rx="8" fill="${c}"/><rect x="48" y="72" width="104" height="42" rx="8" fill="${c}" opacity=".8"/><rect x="62" y="38" width="76" height="36" rx="8" fill="#333"/>` +
    [136, 93, 56]
      .map((y, i) => `<path d="M${42 + i * 14} ${y}h${116 - i * 28}" stroke="#fffa" stroke-width="3" stroke-dasharray="5 3"/>`)
      .join(''),
  dogBed: (c) =>
    `<ellipse cx="100" cy="132" rx="72" ry="32" fill="${c}"/><ellipse cx="100" cy="124" rx="52" ry="18" fill="#fffb"/>` +
    `<g fill="#333"><rect x="84" y="112" width="32" height="8" rx="4"/><circle cx="84" cy="112" r="6"/><circle cx="84" cy="120" r="6"/><circle cx="116" cy="112" r="6"/><circle cx="116" cy="120" r="6"/></g>`,
  catWand: (c) =>
    `<path d="M40 166L132 54" stroke="#8d6e63" stroke-width="7" stroke-linecap="round"/><path d="M132 54q20 6 26 28" fill="none" stroke="#555" stroke-width="2"/>` +
    [
      [150, 40, -30],
      [160, 56, 10],
      [146, 30, -70],
    ]
      .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="24" ry="7" fill="${c}" transform="rotate(${r} ${x} ${y})"/>`)
      .join('') +
    `<circle cx="158" cy="90" r="10" fill="#f4b400"/><rect x="154" y="90" width="8" height="3" fill="#333"/>`,
  petBowls: (c) =>
    `<rect x="24" y="136" width="152" height="22" rx="11" fill="${c}"/><path d="M36 106h56l-8 32H44z" fill="#bbb"/><path d="M108 106h56l-8 32h-40z" fill="#bbb"/>` +
    `<ellipse cx="64" cy="106" rx="28" ry="7" fill="#888"/><ellipse cx="136" cy="106" rx="28" ry="7" fill="#6ab0de"/><g fill="#333"><ellipse cx="100" cy="76" rx="11" ry="9"/><circle cx="86" cy="62" r="5"/><circle cx="100" cy="56" r="5"/><circle cx="114" cy="62" r="5"/></g>`,
  skincareKit: (c) =>
    `<rect x="36" y="74" width="36" height="86" rx="10" fill="${c}"/><rect x="44" y="58" width="20" height="18" rx="3" fill="#333"/>` +
    `<rect x="82" y="96" width="44" height="64" rx="6" fill="#fff" stroke="${c}" stroke-width="5"/><rect x="80" y="84" width="48" height="14" rx="4" fill="${c}"/>` +
    `<path d="M138 160h28l-4-70h-20z" fill="${c}" opacity=".75"/><rect x="146" y="66" width="12" height="26" rx="4" fill="#333"/><circle cx="152" cy="58" r="9" fill="#333"/>`,
  diffuser: (c) =>
    `<path d="M54 162c0-50 20-70 46-70s46 20 46 70z" fill="${c}"/><rect x="50" y="156" width="100" height="10" rx="5" fill="#333"/><ellipse cx="100" cy="132" rx="20" ry="8" fill="#ffd66b"/>` +
    `<path d="M92 86c-12-14 12-20 0-36M108 86c-12-14 12-20 0-36" fill="none" stroke="#aaa" stroke-width="5" stroke-linecap="round"/>`,
  toothbrush: (c) =>
    `<rect x="84" y="78" width="32" height="96" rx="14" fill="${c}"/><rect x="92" y="24" width="16" height="60" rx="6" fill="#eee" stroke="#ccc" stroke-width="2"/>` +
    `<rect x="108" y="28" width="14" height="22" rx="3" fill="#6ab0de"/><circle cx="100" cy="112" r="7" fill="#fff"/><rect x="92" y="134" width="16" height="4" rx="2" fill="#fff8"/>`,
  boardGame: (c) =>
    `<rect x="38" y="62" width="124" height="96" rx="6" fill="#f5e6c8" stroke="${c}" stroke-width="6"/>` +
    [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<rect x="${50 + i * 17}" y="74" width="13" height="13" fill="${i % 2 ? c : '#333'}"/><rect x="${50 + i * 17}" y="132" width="13" height="13" fill="${i % 2 ? '#333' : c}"/>`,
      )
      .join('') +
    `<path d="M118 126a10 10 0 1 1 14 0l6 20h-26z" fill="#db4437"/><rect x="70" y="98" width="26" height="26" rx="5" fill="#fff" stroke="#333" stroke-width="3"/><circle cx="78" cy="106" r="3" fill="#333"/><circle cx="88" cy="116" r="3" fill="#333"/>`,
  puzzlePiece: (c) =>
    `<path d="M50 60h34a16 16 0 1 1 32 0h34v34a16 16 0 1 0 0 32v34h-34a16 16 0 1 1-32 0H50v-34a16 16 0 1 0 0-32z" fill="${c}"/><path d="M60 70h20v20H60z" fill="#fff4"/>`,
  playingCards: (c) =>
    `<rect x="48" y="50" width="70" height="100" rx="8" fill="#fff" stroke="#333" stroke-width="3" transform="rotate(-14 83 100)"/>` +
    `<rect x="82" y="46" width="70" height="100" rx="8" fill="#fff" stroke="#333" stroke-width="3" transform="rotate(10 117 96)"/>` +
    `<path d="M120 86c-10-14-30-2-16 14l16 16 16-16c14-16-6-28-16-14z" fill="${c}" transform="rotate(10 117 96)"/><path d="M70 82l10 14-10 14-10-14z" fill="#333" transform="rotate(-14 83 100)"/>`,
  tent: (c) =>
    `<polygon points="100,40 172,160 28,160" fill="${c}"/><polygon points="100,40 120,160 100,160" fill="#0002"/><polygon points="100,92 124,160 76,160" fill="#333"/>` +
    `<path d="M100 40V26M28 160l-10 8M172 160l10 8" stroke="#555" stroke-width="4"/><path d="M100 28l16 6-16 6" fill="#f4b400"/>`,
  flashlight: (c) =>
    `<polygon points="118,82 190,54 190,146 118,118" fill="#ffe680" opacity=".8"/><rect x="22" y="84" width="70" height="32" rx="8" fill="${c}"/>` +
    `<polygon points="90,80 120,70 120,130 90,120" fill="#333"/><rect x="118" y="70" width="6" height="60" rx="2" fill="#ffd23f"/><rect x="40" y="78" width="16" height="8" rx="2" fill="#333"/>` +
    `<rect x="30" y="92" width="40" height="4" rx="2" fill="#0003"/><rect x="30" y="104" width="40" height="4" rx="2" fill="#0003"/>`,
  hammock: (c) =>
    `<rect x="20" y="36" width="14" height="130" rx="4" fill="#8d6e63"/><rect x="166" y="36" width="14" height="130" rx="4" fill="#8d6e63"/>` +
    `<circle cx="27" cy="36" r="20" fill="#4caf50"/><circle cx="173" cy="36" r="20" fill="#4caf50"/>` +
    `<path d="M34 70L56 92M166 70l-22 22" stroke="#555" stroke-width="3"/><path d="M56 92q44 54 88 0q-44 30-88 0z" fill="${c}"/>` +
    `<path d="M68 100q32 30 64 0" fill="none" stroke="#fff8" stroke-width="4"/>`,
  laptopBackpack: (c) =>
    icons.backpack(c) +
    `<rect x="140" y="96" width="10" height="16" rx="2" fill="#333"/><rect x="143" y="100" width="4" height="8" fill="#6ab0de"/>`,
  gymBackpack: (c) =>
    `<path d="M75 52a25 25 0 0 1 50 0" fill="none" stroke="#333" stroke-width="8"/><rect x="50" y="52" width="100" height="118" rx="26" fill="${c}"/>` +
    `<rect x="50" y="128" width="100" height="42" rx="14" fill="#333"/><path d="M70 142h60" stroke="#fff8" stroke-width="4" stroke-dasharray="6 4"/>` +
    `<path d="M78 150q6-16 26-10l24 2q6 6 0 10z" fill="#fff"/><path d="M60 88l80-12" stroke="#fff6" stroke-width="6"/>`,
  antiTheftBackpack: (c) =>
    `<path d="M75 52a25 25 0 0 1 50 0" fill="none" stroke="#333" stroke-width="8"/><rect x="56" y="52" width="88" height="118" rx="18" fill="${c}"/>` +
    `<path d="M100 86l26 10v22c0 18-12 28-26 34-14-6-26-16-26-34V96z" fill="#fff"/><rect x="90" y="110" width="20" height="18" rx="3" fill="${c}"/><path d="M94 110v-6a6 6 0 0 1 12 0v6" fill="none" stroke="${c}" stroke-width="4"/>`,
  espressoCups: (c) =>
    [
      [58, 88],
      [142, 88],
      [58, 146],
      [142, 146],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y! + 14}" rx="32" ry="6" fill="#0002"/><path d="M${x! - 20} ${y! - 22}h40v16a20 20 0 0 1-40 0z" fill="${c}"/>` +
          `<path d="M${x! + 20} ${y! - 16}a8 8 0 0 1 0 16" fill="none" stroke="${c}" stroke-width="5"/><ellipse cx="${x}" cy="${y! - 22}" rx="20" ry="4" fill="#6d4c41"/>`,
      )
      .join(''),
  deskLamp: (c) =>
    `<polygon points="124,92 148,130 172,116" fill="#ffe680" opacity=".7"/><rect x="44" y="156" width="70" height="12" rx="6" fill="#333"/>` +
    `<path d="M79 156L60 104l58-40" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="60" cy="104" r="8" fill="#333"/><path d="M108 50l36 24-14 22-40-20z" fill="${c}"/><circle cx="118" cy="64" r="7" fill="#333"/>`,
  throwBlanket: (c) =>
    `<path d="M34 70h132v66c0 14-8 22-22 22H34z" fill="${c}"/>` +
    [52, 84, 116, 148].map((x) => `<rect x="${x - 4}" y="70" width="8" height="88" fill="#fff4"/>`).join('') +
    [88, 118].map((y) => `<rect x="34" y="${y - 4}" width="132" height="8" fill="#fff4"/>`).join('') +
    `<path d="M34 136h110c14 0 22-8 22-22" fill="none" stroke="#0003" stroke-width="4"/>` +
    [40, 56, 72, 88, 104, 120, 136].map((x) => `<path d="M${x} 158v10" stroke="${c}" stroke-width="3"/>`).join(''),
  headphones: (c) =>
    `<path d="M46 120V98a54 54 0 0 1 108 0v22" fill="none" stroke="#333" stroke-width="10"/><rect x="34" y="108" width="30" height="52" rx="12" fill="${c}"/>` +
    `<rect x="136" y="108" width="30" height="52" rx="12" fill="${c}"/><rect x="56" y="116" width="12" height="36" rx="5" fill="#333"/><rect x="132" y="116" width="12" height="36" rx="5" fill="#333"/>`,
  powerBank: (c) =>
    `<rect x="52" y="40" width="84" height="126" rx="14" fill="${c}"/><rect x="66" y="60" width="56" height="62" rx="6" fill="#fff"/>` +
    [0, 1, 2].map((i) => `<rect x="74" y="${102 - i * 18}" width="40" height="12" rx="2" fill="#4caf50"/>`).join('') +
    `<rect x="84" y="134" width="20" height="8" rx="3" fill="#333"/><path d="M94 142v14q0 16 20 16h50" fill="none" stroke="#333" stroke-width="5"/>`,
  speaker: (c) =>
    `<rect x="50" y="46" width="100" height="120" rx="40" fill="${c}"/><circle cx="100" cy="118" r="30" fill="#333"/><circle cx="100" cy="118" r="12" fill="#555"/>` +
    `<circle cx="100" cy="72" r="10" fill="#333"/><path d="M160 92q12 20 0 40M170 82q20 30 0 60" fill="none" stroke="#999" stroke-width="4" stroke-linecap="round"/>`,
  mouse: (c) =>
    `<path d="M100 40c30 0 44 24 44 60v20c0 28-18 46-44 46s-44-18-44-46v-20c0-36 14-60 44-60z" fill="${c}"/>` +
    `<path d="M56 96h88M100 40v56" stroke="#0003" stroke-width="4"/><rect x="95" y="58" width="10" height="22" rx="5" fill="#333"/><path d="M100 40q0-16 20-22" fill="none" stroke="#333" stroke-width="4"/>`,
  thermos: (c) =>
    `<rect x="74" y="26" width="52" height="26" rx="6" fill="#333"/><rect x="70" y="50" width="60" height="118" rx="12" fill="#c9ced6"/>` +
    `<rect x="70" y="74" width="60" height="60" fill="${c}"/><rect x="80" y="56" width="8" height="104" rx="4" fill="#fff6"/><rect x="126" y="36" width="12" height="8" rx="3" fill="#333"/>`,
  mug: (c) => icons.mug(c),
  tumbler: (c) =>
    `<path d="M60 56h80l-12 112H72z" fill="${c}"/><rect x="56" y="38" width="88" height="20" rx="6" fill="#333"/><rect x="108" y="42" width="22" height="6" rx="3" fill="#777"/>` +
    `<path d="M66 84h68" stroke="#fff5" stroke-width="6"/><rect x="80" y="104" width="40" height="28" rx="6" fill="#fff8"/>`,
  jersey: (c) => icons.shirt(c),
  hoodie: (c) =>
    `<path d="M72 40q28-20 56 0l10 18H62z" fill="${c}"/><path d="M72 40q28 30 56 0" fill="#0003"/>` +
    `<polygon points="62,56 138,56 172,78 160,124 142,112 142,166 58,166 58,112 40,124 28,78" fill="${c}"/>` +
    `<path d="M78 130h44l6 22H72z" fill="#0002"/><path d="M92 60v28M108 60v28" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  scarf: (c) =>
    `<path d="M52 52q48 26 96 0v24q-48 26-96 0z" fill="${c}"/><path d="M112 70v90h28V66z" fill="${c}"/>` +
    [86, 110, 134].map((y) => `<rect x="112" y="${y}" width="28" height="10" fill="#fff"/>`).join('') +
    [116, 122, 128, 134].map((x) => `<path d="M${x} 160v12" stroke="${c}" stroke-width="3"/>`).join('') +
    `<path d="M60 62q40 22 80 0" fill="none" stroke="#fff" stroke-width="8"/>`,
  windbreaker: (c) =>
    `<polygon points="76,36 100,46 124,36 168,64 154,128 138,116 138,168 62,168 62,116 46,128 32,64" fill="${c}"/>` +
    `<path d="M76 36l24 20 24-20" fill="none" stroke="#333" stroke-width="5"/><path d="M100 56v112" stroke="#333" stroke-width="4"/>` +
    `<path d="M62 104l30-6M138 104l-30-6" stroke="#fff7" stroke-width="5"/><rect x="74" y="128" width="18" height="4" rx="2" fill="#0004"/><rect x="108" y="128" width="18" height="4" rx="2" fill="#0004"/>`,
};

function hsl(h: number, s: number, l: number) {
  return `hsl(${Math.round(h) % 360}, ${s}%, ${l}%)`;
}

/** A square picture: soft background, a drawing in a colour of its own. */
function pictureSvg(draw: (c: string) => string, seed: number, size: number): string {
  const hue = (seed * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 96)}"/><stop offset="1" stop-color="${hsl(hue + 30, 55, 86)}"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/><ellipse cx="100" cy="172" rx="62" ry="8" fill="#0001"/>
${draw(hsl(hue, 65, 48))}</svg>`;
}

/** A category's square picture: its drawing on a soft background. */
export function drawingSvg(icon: IconKind, seed: number, size = 800): string {
  return pictureSvg(icons[icon], seed, size);
}

/** A demo product's square picture: the drawing made for it (`productDrawings`) on a soft background. */
export function productSvg(drawing: ProductDrawing, seed: number, size = 800): string {
  return pictureSvg(productDrawings[drawing], seed, size);
}

/**
 * A wide banner: gradient, three drawings, the title and the subtitle in Spanish, each with its English
 * beneath it (a picture is the same for every reader; the banner's `title` and `titleEn` are what each one reads).
 */
export function bannerSvg(
  text: { title: string; titleEn: string; subtitle: string; subtitleEn: string },
  iconsOf: IconKind[],
  seed: number,
): string {
  const hue = (seed * 71 + 200) % 360;
  const drawings = iconsOf
    .map((icon, i) => `<g transform="translate(${820 + i * 120}, ${40 + (i % 2) * 60}) scale(0.9)">${icons[icon]('#fff')}</g>`)
    .join('');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(hue, 70, 35)}"/><stop offset="1" stop-color="${hsl(hue + 40, 70, 55)}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#b)"/>${drawings}
<text x="70" y="125" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="bold" fill="#fff">${esc(text.title)}</text>
<text x="70" y="180" font-family="DejaVu Sans, sans-serif" font-size="38" font-weight="bold" fill="#fffc">${esc(text.titleEn)}</text>
<text x="70" y="240" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fffd">${esc(text.subtitle)}</text>
<text x="70" y="276" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#fffb">${esc(text.subtitleEn)}</text></svg>`;
}

/** Renders an SVG into the stored picture variants, like an upload, and returns its public URL. */
export function writePicture(uploadsDir: string, folder: string, svg: string): Promise<string> {
  return storeImage(uploadsDir, folder, Buffer.from(svg), { allowSvg: true });
}

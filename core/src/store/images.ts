import type { StoreCategory } from '@bourse/shared';

/**
 * Product pictures and shop logos drawn as SVG from a product's category, id and hue: the
 * demo catalogue needs no image host, and the same product always looks the same.
 */

const S = 'stroke-linejoin="round" stroke-linecap="round"';

/** One outline per category, drawn in a 200×200 box. */
const GLYPHS: Record<StoreCategory, string> = {
  computer: `<rect x="38" y="48" width="124" height="82" rx="8"/><path d="M24 146h152l-12 14H36z"/><rect x="48" y="58" width="104" height="62" rx="3" fill="#fff" opacity=".55"/>`,
  electrical: `<path d="M60 150h80l-8-70a32 32 0 0 0-64 0z"/><path d="M140 96h14a14 14 0 0 1 0 28h-14" fill="none" stroke-width="10" ${S}/><path d="M104 62l-18 38h20l-12 34 30-44h-20l12-28z" fill="#fff" opacity=".75"/>`,
  outdoors: `<path d="M100 38l64 112H36z"/><path d="M100 86l24 64H76z" fill="#fff" opacity=".55"/><circle cx="152" cy="50" r="14" opacity=".6"/>`,
  family: `<path d="M36 96l64-52 64 52v64H36z"/><rect x="86" y="112" width="28" height="48" rx="4" fill="#fff" opacity=".6"/><rect x="52" y="104" width="22" height="20" rx="3" fill="#fff" opacity=".6"/>`,
  health: `<path d="M100 158s-62-36-62-80a32 32 0 0 1 62-12 32 32 0 0 1 62 12c0 44-62 80-62 80z"/><path d="M92 80h16v16h16v16h-16v16H92v-16H76V96h16z" fill="#fff" opacity=".75"/>`,
  menswear: `<path d="M72 40l-40 22 14 32 18-8v74h72V86l18 8 14-32-40-22c-4 12-16 20-28 20s-24-8-28-20z"/>`,
  womenswear: `<path d="M82 40h36l-6 34 38 86H50l38-86z"/><path d="M86 74h28" stroke="#fff" stroke-width="6" opacity=".6" ${S}/>`,
  food: `<path d="M34 96h132a66 66 0 0 1-132 0z"/><path d="M80 78c-8-10 8-18 0-30M104 78c-8-10 8-18 0-30M128 78c-8-10 8-18 0-30" fill="none" stroke-width="6" ${S}/>`,
  phone: `<rect x="64" y="28" width="72" height="144" rx="14"/><rect x="72" y="44" width="56" height="104" rx="4" fill="#fff" opacity=".6"/><circle cx="100" cy="160" r="5" fill="#fff" opacity=".8"/>`,
  toys: `<rect x="40" y="110" width="50" height="50" rx="6"/><rect x="110" y="110" width="50" height="50" rx="6" opacity=".8"/><rect x="75" y="56" width="50" height="50" rx="6" opacity=".9"/><circle cx="100" cy="81" r="9" fill="#fff" opacity=".7"/>`,
};

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360} ${s}% ${l}%)`;

/** View 0 is the main picture; views 1 and 2 are the gallery's other angles. */
export function productSvg(
  { id, category, hue }: { id: number; category: StoreCategory; hue: number },
  view: number,
) {
  const ink = hsl(hue, 55, 38);
  const dots = Array.from({ length: 6 }, (_, i) => {
    const x = 20 + ((id * 37 + i * 61) % 360);
    const y = 20 + ((id * 53 + i * 89) % 360);
    return `<circle cx="${x}" cy="${y}" r="${6 + ((id + i) % 4) * 4}" fill="${hsl(hue + 40, 70, 80)}" opacity=".7"/>`;
  }).join('');
  const placement = [
    'translate(60 60) scale(1.4)',
    'translate(200 210) rotate(-12) scale(1.15) translate(-100 -100)',
    'translate(150 150) scale(.9) translate(-100 -100)',
  ][view];
  const backdrop =
    view === 2
      ? `<circle cx="200" cy="200" r="150" fill="${hsl(hue + 20, 65, 88)}"/>`
      : `<circle cx="${300 - (id % 5) * 20}" cy="110" r="90" fill="${hsl(hue + 25, 70, 86)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 94)}"/><stop offset="1" stop-color="${hsl(hue + 30, 65, 84)}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/>${dots}${backdrop}<g transform="${placement}" fill="${ink}" stroke="${ink}">${GLYPHS[category]}</g></svg>`;
}

/** A round logo with the shop's initial; `initial` is one letter A–Z, never free text. */
export function shopLogoSvg({ hue, initial }: { hue: number; initial: string }) {
  const letter = /^[A-Z]$/.test(initial) ? initial : 'S';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><circle cx="60" cy="60" r="60" fill="${hsl(hue, 60, 45)}"/><circle cx="60" cy="60" r="48" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/><text x="60" y="78" text-anchor="middle" font-family="Georgia, serif" font-size="52" font-weight="700" fill="#fff">${letter}</text></svg>`;
}

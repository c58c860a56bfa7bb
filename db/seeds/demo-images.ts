import sharp from 'sharp';

/** Demo pictures drawn locally from SVG (no network): product shots, logos, covers and banners. */

const esc = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const SHAPES: Record<string, (fg: string) => string> = {
  shirt: (fg) => `<path d="M300 190 L380 160 Q400 200 420 160 L500 190 L560 270 L500 300 L490 280 L490 470 L310 470 L310 280 L300 300 L240 270 Z" fill="${fg}"/>`,
  bag: (fg) => `<rect x="260" y="250" width="280" height="230" rx="24" fill="${fg}"/><path d="M320 250 Q320 170 400 170 Q480 170 480 250" stroke="${fg}" stroke-width="22" fill="none"/>`,
  phone: (fg) => `<rect x="320" y="150" width="160" height="320" rx="28" fill="${fg}"/><rect x="336" y="180" width="128" height="250" rx="8" fill="#ffffff" opacity="0.35"/>`,
  headphones: (fg) => `<path d="M280 360 Q280 190 400 190 Q520 190 520 360" stroke="${fg}" stroke-width="26" fill="none"/><rect x="250" y="340" width="70" height="110" rx="20" fill="${fg}"/><rect x="480" y="340" width="70" height="110" rx="20" fill="${fg}"/>`,
  fruit: (fg) => `<circle cx="400" cy="330" r="130" fill="${fg}"/><path d="M400 200 Q420 150 460 140" stroke="#3b7d2b" stroke-width="14" fill="none"/><ellipse cx="450" cy="175" rx="36" ry="16" fill="#4caf50"/>`,
  jar: (fg) => `<rect x="300" y="220" width="200" height="250" rx="40" fill="${fg}"/><rect x="320" y="180" width="160" height="50" rx="10" fill="#6b4f2a"/>`,
  book: (fg) => `<rect x="290" y="170" width="220" height="290" rx="10" fill="${fg}"/><rect x="310" y="170" width="14" height="290" fill="#000" opacity="0.2"/><rect x="350" y="230" width="120" height="16" rx="8" fill="#fff" opacity="0.7"/>`,
  watch: (fg) => `<rect x="360" y="140" width="80" height="340" rx="20" fill="#444"/><circle cx="400" cy="310" r="95" fill="${fg}"/><circle cx="400" cy="310" r="72" fill="#fff"/><path d="M400 310 L400 260 M400 310 L440 330" stroke="#222" stroke-width="8" stroke-linecap="round"/>`,
};

export type ShapeName = keyof typeof SHAPES;

export function productImage(shape: ShapeName, fg: string, bg: string, label: string): Promise<Buffer> {
  const draw = SHAPES[shape] ?? SHAPES.bag!;
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <ellipse cx="400" cy="500" rx="200" ry="22" fill="#000" opacity="0.08"/>
  ${draw(fg)}
  <text x="400" y="680" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#1f2937">${esc(label)}</text>
</svg>`);
}

export function logoImage(initials: string, color: string): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <rect width="400" height="400" rx="80" fill="${color}"/>
  <text x="200" y="250" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="#ffffff">${esc(initials)}</text>
</svg>`);
}

/** A shop cover: colour and shapes only, as cards and headers crop it to many shapes and show the name beside it. */
export function coverImage(from: string, to: string, width = 1200, height = 400): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.45}" fill="#ffffff" opacity="0.12"/>
  <circle cx="${width * 0.3}" cy="${height * 1.05}" r="${height * 0.5}" fill="#ffffff" opacity="0.08"/>
  <circle cx="${width * 0.6}" cy="${height * 0.5}" r="${height * 0.18}" fill="#ffffff" opacity="0.10"/>
</svg>`);
}

export function bannerImage(title: string, subtitle: string, from: string, to: string, width = 1600, height = 600): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.45}" fill="#ffffff" opacity="0.12"/>
  <circle cx="${width * 0.72}" cy="${height * 0.95}" r="${height * 0.3}" fill="#ffffff" opacity="0.10"/>
  <text x="${width * 0.07}" y="${height * 0.48}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${height * 0.14}" font-weight="700" fill="#ffffff">${esc(title)}</text>
  <text x="${width * 0.07}" y="${height * 0.64}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${height * 0.065}" fill="#ffffff" opacity="0.9">${esc(subtitle)}</text>
</svg>`);
}

import { describe, expect, it } from 'vitest';
import { brandVariables, carriesWhiteText, contrastRatio, darken, isHexColour, lighten, whiteTextContrast } from './contrast';

describe('contrast (WCAG 2)', () => {
  it('measures the known pairs', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The order of the two colours does not matter.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#767676'), 10);
    // #767676 is the classic lightest grey that passes AA on white (4.54:1); #777777 fails (4.48:1).
    expect(whiteTextContrast('#767676')).toBe(4.54);
    expect(whiteTextContrast('#777777')).toBe(4.47);
  });

  it('accepts a colour white text reads on at 4.5:1 or more, refuses one below', () => {
    expect(carriesWhiteText('#0d7a6f')).toBe(true); // today's theme colour
    expect(carriesWhiteText('#767676')).toBe(true);
    expect(carriesWhiteText('#777777')).toBe(false);
    expect(carriesWhiteText('#ffff00')).toBe(false);
    expect(carriesWhiteText('#FFFFFF')).toBe(false);
    expect(carriesWhiteText('#000000')).toBe(true);
  });

  it('rounds the ratio it states down, so a refused colour never reads as 4.5:1', () => {
    // #757575 passes; between #767676 and #777777 there is no 4.50 that fails.
    for (let v = 0x70; v <= 0x80; v += 1) {
      const hex = `#${v.toString(16).repeat(3)}`;
      if (!carriesWhiteText(hex)) expect(whiteTextContrast(hex)).toBeLessThan(4.5);
    }
  });

  it('knows a colour as the settings keep it', () => {
    expect(isHexColour('#0d7a6f')).toBe(true);
    expect(isHexColour('#0D7A6F')).toBe(true);
    for (const bad of ['0d7a6f', '#0d7a6', '#0d7a6fa', 'red', '#ggg000', '']) expect(isHexColour(bad)).toBe(false);
  });

  it('mixes a colour toward black and white for its hover and soft shades', () => {
    expect(darken('#0d7a6f', 0)).toBe('#0d7a6f');
    expect(darken('#ffffff', 1)).toBe('#000000');
    expect(lighten('#000000', 1)).toBe('#ffffff');
    expect(lighten('#0d7a6f', 0.5)).toBe('#86bdb7');
  });

  it("keeps today's theme as it was, and any accepted colour readable on its own soft background and under white on its hover", () => {
    expect(brandVariables('#0d7a6f')).toEqual({ '--brand': '#0d7a6f', '--brand-hover': '#0a6359', '--brand-soft': '#e1f4f1' });
    for (let i = 0; i < 4096; i += 1) {
      const hex = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      if (!carriesWhiteText(hex)) continue;
      const vars = brandVariables(hex);
      expect(contrastRatio(vars['--brand'], vars['--brand-soft']), hex).toBeGreaterThanOrEqual(4.5);
      expect(carriesWhiteText(vars['--brand-hover']), hex).toBe(true);
    }
  });
});

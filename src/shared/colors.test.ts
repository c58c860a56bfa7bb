import { describe, expect, it } from 'vitest';
import { colorName } from './colors';

describe('colorName', () => {
  it('names exact and near colors', () => {
    expect(colorName('#000000')).toBe('Black');
    expect(colorName('#ffffff')).toBe('White');
    expect(colorName('#ff0000')).toBe('Red');
    expect(colorName('#fe0101')).toBe('Red');
    expect(colorName('#000080')).toBe('Navy');
    expect(colorName('#1a1a1a')).toBe('Black');
    expect(colorName('#FF0000')).toBe('Red');
  });

  it('keeps the hex when nothing is closer than 150', () => {
    const onlyBlack = [['Black', 0, 0, 0]] as const;
    expect(colorName('#505050', onlyBlack)).toBe('Black'); // distance ~138.6
    expect(colorName('#606060', onlyBlack)).toBe('#606060'); // distance ~166.3
    expect(colorName('not-a-color')).toBe('not-a-color');
    expect(colorName('')).toBe('');
  });

  it('always returns a name or the given hex', () => {
    for (let i = 0; i < 4096; i += 37) {
      const hex = `#${i.toString(16).padStart(3, '0')}${i.toString(16).padStart(3, '0')}`;
      const name = colorName(hex);
      expect(typeof name).toBe('string');
      expect(name.length).toBeGreaterThan(0);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { colorName, colorNamesIn } from './colors';

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

/** The Urdu colour names, compiled at run time as the server does (Vite compiles them for the browser). */
async function loadUrduColors() {
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  const { enableRuntimeCompilation, loadMessages } = await import('./i18n/translator');
  const { default: urdu } = await import('./i18n/catalogues/ur/colors');
  enableRuntimeCompilation(compileMessage);
  loadMessages('ur', urdu);
}

describe('colorName in a language', () => {
  it('says a named color in Urdu, the hex stays the hex', async () => {
    await loadUrduColors();
    expect(colorName('#ff0000', 'ur')).toBe('لال');
    expect(colorName('#000080', 'ur')).toBe('گہرا نیلا');
    expect(colorName('#ff0000', 'en')).toBe('Red');
    expect(colorName('not-a-color', 'ur')).toBe('not-a-color');
    expect(colorName('#505050', [['Black', 0, 0, 0]], 'ur')).toBe('کالا');
  });
});

describe('colorNamesIn', () => {
  it("says a variant label's colour names in the language, and leaves sizes and unknown names as written", async () => {
    await loadUrduColors();
    expect(colorNamesIn('Red / M', 'ur')).toBe('لال / M');
    expect(colorNamesIn('Sky Blue', 'ur')).toBe('آسمانی');
    expect(colorNamesIn('#123456 / constructor', 'ur')).toBe('#123456 / constructor');
    expect(colorNamesIn('Red / M', 'en')).toBe('Red / M');
  });
});

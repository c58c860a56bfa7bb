import { describe, expect, it } from 'vitest';
import { descriptionText, parseColors, parseCustomFields, parseSizes, sanitizeDescription } from './product-fields';

describe('sanitizeDescription', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><a href="https://ok.example">ok</a>';
    const clean = sanitizeDescription(dirty);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(clean).toContain('href="https://ok.example"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('descriptionText', () => {
  it('strips tags and cuts to 160 characters', () => {
    expect(descriptionText('<p>Hello <b>world</b></p>')).toBe('Hello world');
    // As a reader sees it: entities read once (the callers escape for HTML or JSON), paragraphs apart.
    expect(descriptionText('<p>Fish &amp; chips &lt;b&gt; &quot;hot&quot;</p><p>caf&eacute;</p><ul><li>one</li><li>two</li></ul>')).toBe('Fish & chips <b> "hot" café one two');
    expect(descriptionText(`<p>${'a'.repeat(300)}</p>`)).toHaveLength(160);
  });
});

describe('JSON columns', () => {
  it('reads only well-formed values', () => {
    expect(parseColors('["#FF0000","red",1,"#00ff00"]')).toEqual(['#ff0000', '#00ff00']);
    expect(parseSizes('not json')).toEqual([]);
    expect(parseSizes('["S"," ","M"]')).toEqual(['S', 'M']);
    expect(parseCustomFields('[{"name":"Material","value":"Cotton"},{"name":"","value":"x"},{"name":"n"}]')).toEqual([
      { name: 'Material', value: 'Cotton' },
    ]);
  });
});

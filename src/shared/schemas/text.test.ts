import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from './text';

describe('typed text', () => {
  it('drops NUL characters before trimming and measuring', () => {
    expect(requiredText('Name', 10).parse('\u0000 Lamp\u0000 ')).toBe('Lamp');
    expect(requiredText('Name', 10).safeParse('\u0000').error?.issues[0]?.message).toBe('Name is required');
    expect(optionalText('Notes', 10).parse('a\u0000b')).toBe('ab');
  });
});

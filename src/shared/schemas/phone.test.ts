import { describe, expect, it } from 'vitest';
import { optionalPhoneSchema, phoneSchema } from './phone';

const first = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('phoneSchema', () => {
  it('accepts a number with a country code, spaces and brackets', () => {
    expect(phoneSchema.parse(' +92 (300) 123-4567 ')).toBe('+92 (300) 123-4567');
  });
  it('gives one message per problem', () => {
    expect(first(phoneSchema.safeParse(''))).toBe('Phone is required');
    expect(first(phoneSchema.safeParse('call me'))).toBe('Enter a valid phone number');
    expect(first(phoneSchema.safeParse('1'.repeat(33)))).toBe('Phone must be at most 32 characters');
  });
});

describe('optionalPhoneSchema', () => {
  it('lets the phone be empty but checks it when given', () => {
    expect(optionalPhoneSchema.parse(undefined)).toBe('');
    expect(optionalPhoneSchema.parse('  ')).toBe('');
    expect(first(optionalPhoneSchema.safeParse('abc'))).toBe('Enter a valid phone number');
  });
});

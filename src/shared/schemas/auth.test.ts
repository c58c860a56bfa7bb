import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('signInSchema', () => {
  it('normalises the email', () => {
    const parsed = signInSchema.parse({ email: '  Ana@Example.COM ', password: 'secret1' });
    expect(parsed.email).toBe('ana@example.com');
  });
  it("gives the spec's messages", () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'nope', password: 'secret1' }))).toBe('Invalid email address');
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('signUpSchema', () => {
  it('requires every field', () => {
    const result = signUpSchema.safeParse({ fullName: ' ', phone: '', email: 'a@b.co', password: 'secret1' });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Full name is required');
  });
  it('accepts a complete sign-up', () => {
    expect(
      signUpSchema.safeParse({ fullName: 'Ana', phone: '+92 300 1234567', email: 'a@b.co', password: 'secret1' }).success,
    ).toBe(true);
  });
});

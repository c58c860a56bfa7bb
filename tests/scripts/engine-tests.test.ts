import { describe, expect, it } from 'vitest';
import { engineDependentTests } from '../../scripts/engine-tests.mjs';

// `npm test` runs again on PostgreSQL only the server tests that depend on the engine.
describe('engineDependentTests', () => {
  const tests = engineDependentTests('src/server');

  it('keeps the tests that reach the engine switch through their imports', () => {
    // Through testing/test-app.ts and testing/test-engine.ts.
    expect(tests).toContain('src/server/orders/checkout.test.ts');
    expect(tests).toContain('src/server/security/permission-matrix.test.ts');
    expect(tests).toContain('src/server/auth/auth.router.test.ts');
  });

  it('leaves out the tests that run the same on both engines', () => {
    expect(tests).not.toContain('src/server/spreadsheets/csv.test.ts');
    expect(tests).not.toContain('src/server/auth/password.test.ts');
    expect(tests.every((file) => file.startsWith('src/server/') && file.endsWith('.test.ts'))).toBe(true);
    expect(tests.length).toBeGreaterThan(100);
  });
});

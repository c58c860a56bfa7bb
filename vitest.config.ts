import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/i18n/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

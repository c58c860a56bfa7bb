import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/i18n/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
    environment: 'node',
    // Two test files at once even on 2 cores (vitest's own default is one fewer than the cores: 1 there).
    // One worker kept about 0.8 of a core busy, the rest of its time waiting on SQLite's files,
    // PostgreSQL, sockets and child processes; each test file has its own database, folders and ports.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ['tests/setup/global-setup.ts'],
    // The catalogues' messages compiled as the server compiles them (translator.ts reads only compiled ones).
    setupFiles: ['tests/setup/compile-messages.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

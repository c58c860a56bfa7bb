import type { Plugin } from 'vite';

export function publicChunks(): {
  plugins: Plugin[];
  groups: Array<{ name: string | ((id: string) => string | null); test?: (id: string) => boolean; tags?: Array<'$initial'>; priority?: number }>;
};

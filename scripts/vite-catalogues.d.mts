import type { Plugin } from 'vite';

export function compileCatalogueSource(source: string, file: string): Promise<Record<string, unknown>>;
export function catalogues(): Plugin;
export function urduManifest(): Plugin;

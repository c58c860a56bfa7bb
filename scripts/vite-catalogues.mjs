// Compiles the translation catalogues (src/{client,shared}/i18n/catalogues/{en,ur}/*.ts) at build
// time: each message becomes Lingui's compiled form, so the browser needs no ICU parser (product-decisions 5),
// its plurals written as selects.
// A catalogue module holds one object literal and type-only imports; it is evaluated here as data.
import fs from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { transform } from 'esbuild';
import { pluralsAsSelects } from '../src/shared/i18n/plural-selects.ts';

const CATALOGUE = /[\\/]src[\\/](client|shared)[\\/]i18n[\\/]catalogues[\\/](en|ur)[\\/][\w-]+\.ts$/;

/** The messages of a catalogue module's source, as written. */
async function messagesOf(source, file) {
  const { code } = await transform(source, { loader: 'ts', format: 'cjs', sourcefile: file });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, () => {
    throw new Error(`${file}: a catalogue imports nothing at run time (type imports only)`);
  });
  const messages = module.exports.default;
  if (!messages || typeof messages !== 'object') throw new Error(`${file}: a catalogue's default export is its messages`);
  return messages;
}

/** The messages of a catalogue module's source, compiled; throws naming the key of a malformed message. */
export async function compileCatalogueSource(source, file) {
  const messages = await messagesOf(source, file);
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      // Plurals as selects, so the browser formats no count with Intl (src/shared/i18n/plural-selects.ts).
      compiled[key] = pluralsAsSelects(compileMessageOrThrow(message));
    } catch (error) {
      throw new Error(`${file}: ${key}: ${error.message}`, { cause: error });
    }
  }
  return compiled;
}

export function catalogues() {
  return {
    name: 'marketplace-catalogues',
    enforce: 'pre',
    async transform(source, id) {
      const file = id.split('?')[0];
      if (!CATALOGUE.test(file)) return null;
      const compiled = await compileCatalogueSource(source, file);
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}

/** The messages of a shared catalogue, as written (`ur/site` is src/shared/i18n/catalogues/ur/site.ts). */
async function sharedCatalogue(name) {
  const file = `src/shared/i18n/catalogues/${name}.ts`;
  return messagesOf(fs.readFileSync(file, 'utf8'), file);
}

/**
 * The Urdu app's manifest (/ur/manifest.webmanifest, which Urdu pages link): the English one
 * (public/manifest.webmanifest) with Urdu names, right to left, starting at /ur/browse, so a phone that
 * installs the marketplace from an Urdu page opens it in Urdu.
 */
async function urduManifestSource() {
  const english = JSON.parse(fs.readFileSync('public/manifest.webmanifest', 'utf8'));
  const [site, head] = await Promise.all([sharedCatalogue('ur/site'), sharedCatalogue('ur/head')]);
  const name = site['site.name'];
  const urdu = { ...english, name, short_name: name, description: head['head.defaultDescription'], lang: 'ur', dir: 'rtl', id: '/ur/browse', start_url: '/ur/browse' };
  return `${JSON.stringify(urdu, null, 2)}\n`;
}

export function urduManifest() {
  return {
    name: 'marketplace-urdu-manifest',
    configureServer(server) {
      server.middlewares.use('/ur/manifest.webmanifest', (_req, res, next) => {
        urduManifestSource().then((source) => res.setHeader('content-type', 'application/manifest+json').end(source), next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'ur/manifest.webmanifest', source: await urduManifestSource() });
    },
  };
}

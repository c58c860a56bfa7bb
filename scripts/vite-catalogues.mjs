// Compiles the translation catalogues (src/{client,shared}/i18n/catalogues/{en,ur}/*.ts) at build
// time: each message becomes Lingui's compiled form, so the browser needs no ICU parser (product-decisions 5).
// A catalogue module holds one object literal and type-only imports; it is evaluated here as data.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { transform } from 'esbuild';

const CATALOGUE = /[\\/]src[\\/](client|shared)[\\/]i18n[\\/]catalogues[\\/](en|ur)[\\/][\w-]+\.ts$/;

/** The messages of a catalogue module's source, compiled; throws naming the key of a malformed message. */
export async function compileCatalogueSource(source, file) {
  const { code } = await transform(source, { loader: 'ts', format: 'cjs', sourcefile: file });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, () => {
    throw new Error(`${file}: a catalogue imports nothing at run time (type imports only)`);
  });
  const messages = module.exports.default;
  if (!messages || typeof messages !== 'object') throw new Error(`${file}: a catalogue's default export is its messages`);
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      compiled[key] = compileMessageOrThrow(message);
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

// ESLint: typescript-eslint's recommended rules, the rules of React hooks, and the import boundaries
// of the layout (ARCHITECTURE.md): shared imports nothing of client or server; the client imports
// only the router's type from the server; client features do not import each other; components do
// not import features or pages; a repository is used by its own domain and never by a router;
// migrations import nothing from the app. No import circle, type-only imports included; no source file
// over 500 lines (tests aside). Client styles use logical properties (start/end), so right-to-left
// pages mirror.
//
// typescript-eslint needs TypeScript's JS API, which TypeScript 7 does not ship (due in 7.1), so
// package.json follows TypeScript's side-by-side layout: `typescript` is @typescript/typescript6
// (the API, for this linter) and `tsc` comes from TypeScript 7 (@typescript/native). Linting is not
// type-aware: types would come from TypeScript 6 while the project checks with 7.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

const folders = (parent) =>
  fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A zone: files matching `target` may not import files matching `from` (globs from the project
 * root). Zones add up: a file in several zones obeys each of them.
 */
const zones = [
  {
    target: 'src/shared/**',
    from: ['src/client/**', 'src/server/**', 'db/**', 'tests/**'],
    message: 'src/shared holds pure rules used by both sides: it imports nothing of client or server.',
  },
  {
    target: 'src/client/**',
    from: 'src/server/**',
    except: 'src/server/trpc/app-router.ts',
    message: 'The client imports only the AppRouter type (import type) from src/server/trpc/app-router.',
  },
  ...folders('src/client/features').map((feature) => ({
    target: `src/client/features/${feature}/**`,
    from: `src/client/features/!(${feature})/**`,
    message: 'Client features do not import each other: move what both need to components/ or src/shared.',
  })),
  {
    target: 'src/client/components/**',
    from: ['src/client/features/**', 'src/client/pages/**'],
    message: 'Components do not import features or pages.',
  },
  {
    target: 'src/server/**/*.router.ts',
    from: '**/*.repository.ts',
    message: 'A router calls its service; only services use repositories.',
  },
  ...folders('src/server').map((domain) => ({
    // Routers are left to the zone above, which already forbids every repository.
    target: `src/server/${domain}/**/!(*.router).ts`,
    from: `src/server/!(${domain})/**/*.repository.ts`,
    message: "Another domain's repository is reached through that domain's service.",
  })),
  {
    target: ['src/server/*.ts', 'db/seeds/**', 'tests/**'],
    from: '**/*.repository.ts',
    message: "A repository is used only by its own domain's service (the seed and e2e fixtures too).",
  },
  {
    target: 'db/migrations/!(*.test).ts',
    from: ['src/**', 'db/seeds/**', 'tests/**', 'scripts/**'],
    message: 'Migrations are frozen in time: they import nothing from the app.',
  },
];

const root = import.meta.dirname;
const globs = (patterns) => [patterns ?? []].flat().map((pattern) => path.join(root, pattern));
const matches = (file, patterns) => patterns.some((pattern) => path.matchesGlob(file, pattern));
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file a relative import names (imports here are relative and extensionless; packages are skipped). */
function resolveImport(importer, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(importer), specifier);
  const found = EXTENSIONS.map((extension) => base + extension).find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
  return found ?? base;
}

/** The import specifiers of a module, as ESLint's visitors meet them, handed to `check`. */
const importSources = (check) => ({
  ImportDeclaration: (node) => check(node.source),
  ExportNamedDeclaration: (node) => check(node.source),
  ExportAllDeclaration: (node) => check(node.source),
  ImportExpression: (node) => check(node.source),
  TSImportType: (node) => check(node.argument?.literal),
});

/** The zones above, checked on the file each import resolves to (so they hold at any folder depth). */
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { zone: '"{{specifier}}": {{message}}' } },
  create(context) {
    const file = context.physicalFilename;
    const active = zones
      .filter((zone) => matches(file, globs(zone.target)))
      .map((zone) => ({ ...zone, from: globs(zone.from), except: globs(zone.except) }));
    if (active.length === 0) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string') return;
      const imported = resolveImport(file, source.value);
      if (!imported) return;
      for (const zone of active) {
        if (matches(imported, zone.from) && !matches(imported, zone.except)) {
          context.report({ node: source, messageId: 'zone', data: { specifier: source.value, message: zone.message } });
        }
      }
    };
    return importSources(check);
  },
};

const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
const importsRead = new Map();

/**
 * The project files a file imports, every kind of import counted (`import type`, `export … from`,
 * `import()`, `import('…').T`): TypeScript's own scanner, no type checking. Read again when the file
 * changes, so an editor's long-running ESLint stays right.
 */
function importsOf(file) {
  const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (modified === undefined) return [];
  const known = importsRead.get(file);
  if (known?.modified === modified) return known.targets;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const targets = [...new Set(importedFiles.map(({ fileName }) => resolveImport(file, fileName)))].filter((target) => target && isFile(target));
  importsRead.set(file, { modified, targets });
  return targets;
}

/** The files on an import circle with `file` (its strongly connected component, Tarjan), `file` included. */
function circleOf(file) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  let circle = new Set([file]);
  const visit = (node) => {
    order.set(node, order.size);
    low.set(node, order.get(node));
    stack.push(node);
    for (const next of importsOf(node)) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node), low.get(next)));
    }
    if (low.get(node) !== order.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.includes(file)) circle = new Set(component);
  };
  visit(file);
  return circle;
}

/** One way round the circle, from `start` back to `file` (breadth first, inside the circle), for the message. */
function routeBack(start, file, circle) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0 && !cameFrom.has(file)) {
    const node = queue.shift();
    for (const next of importsOf(node)) {
      if (circle.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  const route = [];
  for (let node = file; node !== null && node !== undefined; node = cameFrom.get(node)) route.unshift(path.relative(root, node));
  return [path.relative(root, file), ...route].join(' → ');
}

/**
 * No import circle, not even through types: a module and what it imports can be read, tested and
 * moved in one direction. What both sides of a circle need moves to a module neither imports.
 */
const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: '"{{specifier}}" closes an import circle ({{route}}): move what both sides need into a module that neither imports.' } },
  create(context) {
    const file = context.physicalFilename;
    if (!isFile(file)) return {};
    const circle = circleOf(file);
    if (circle.size < 2) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string') return;
      const imported = resolveImport(file, source.value);
      if (!imported || imported === file || !circle.has(imported)) return;
      context.report({ node: source, messageId: 'cycle', data: { specifier: source.value, route: routeBack(imported, file, circle) } });
    };
    return importSources(check);
  },
};

const SIDE = { Left: 'InlineStart', Right: 'InlineEnd' };
/** Physical property → its logical twin (same in left-to-right pages, mirrored in right-to-left ones). */
const LOGICAL_PROPERTIES = {
  left: 'insetInlineStart',
  right: 'insetInlineEnd',
  ...Object.fromEntries(
    ['margin', 'padding', 'scrollMargin', 'scrollPadding', 'border', 'borderColor', 'borderStyle', 'borderWidth'].flatMap((base) =>
      Object.entries(SIDE).map(([side, logical]) => {
        // borderColor → borderLeftColor / borderInlineStartColor
        const [head, tail] = base.startsWith('border') ? ['border', base.slice('border'.length)] : [base, ''];
        return [`${head}${side}${tail}`, `${head}${logical}${tail}`];
      }),
    ),
  ),
  borderTopLeftRadius: 'borderStartStartRadius',
  borderTopRightRadius: 'borderStartEndRadius',
  borderBottomLeftRadius: 'borderEndStartRadius',
  borderBottomRightRadius: 'borderEndEndRadius',
};
/** Properties whose keyword values `left` and `right` have logical twins. */
const LOGICAL_VALUES = {
  textAlign: { left: 'start', right: 'end' },
  textAlignLast: { left: 'start', right: 'end' },
  float: { left: 'inline-start', right: 'inline-end' },
  clear: { left: 'inline-start', right: 'inline-end' },
};
/** Four-sided shorthands (top right bottom left): a fourth value unlike the second sets left and right apart. */
const SIDED_SHORTHANDS = new Set(['margin', 'padding', 'inset', 'scrollMargin', 'scrollPadding', 'borderWidth', 'borderStyle', 'borderColor']);

const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** The space-separated values of a shorthand's source text, `calc( … )` and `${ … }` kept whole. */
function shorthandValues(text) {
  const values = [];
  let depth = 0;
  let current = '';
  for (const char of text.replace(/\s*!important\s*$/, '')) {
    if (char === '(' || char === '{') depth += 1;
    if (char === ')' || char === '}') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current) values.push(current);
      current = '';
    } else current += char;
  }
  if (current) values.push(current);
  return values;
}

/**
 * Right-to-left pages (Urdu) mirror by themselves when styles say start and end instead of left and
 * right: every object literal of a vanilla-extract style file (`style`, `globalStyle`, `selectors`,
 * `@media`, variants…) is checked for physical properties and values. A property whose value is an
 * object is a selector or a variant's name, not CSS, and is not checked. Mirroring what no logical
 * property covers (a translateX, an arrow icon) is a `[dir="rtl"] &` rule beside the style.
 */
const logicalCss = {
  meta: {
    type: 'problem',
    fixable: 'code',
    schema: [],
    messages: {
      property: '{{name}} is physical: use {{logical}}, which is the same in English and mirrors in right-to-left pages.',
      value: "{{name}}: '{{value}}' is physical: use '{{logical}}', which is the same in English and mirrors in right-to-left pages.",
      shorthand:
        '{{name}} gives left and right different values: set {{name}}Block and {{name}}InlineStart/{{name}}InlineEnd (or {{name}}Inline: "start end") so right-to-left pages mirror.',
      radius: 'borderRadius rounds left and right corners differently: use borderStartStartRadius, borderStartEndRadius, borderEndStartRadius and borderEndEndRadius.',
      override: "unicodeBidi: '{{value}}' forces the order of letters and breaks Urdu text: leave it out, or use 'isolate' (or a dir attribute).",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const keyName = (property) =>
      property.key.type === 'Identifier' ? property.key.name : typeof property.key.value === 'string' ? camelCase(property.key.value) : null;
    /** The text of a value: a string's, or a template literal's source between the backticks. */
    const valueText = (node) =>
      node.type === 'Literal' && typeof node.value === 'string' ? node.value
      : node.type === 'TemplateLiteral' ? sourceCode.getText(node).slice(1, -1)
      : null;
    /** The key renamed, its quotes kept. */
    const renameKey = (property, logical) => (fixer) =>
      fixer.replaceText(property.key, property.key.type === 'Identifier' ? logical : sourceCode.getText(property.key).replace(/^(['"]).*\1$/s, `$1${logical}$1`));
    return {
      Property(property) {
        if (property.computed || property.value.type === 'ObjectExpression') return;
        const name = keyName(property);
        if (!name) return;
        const { value } = property;
        if (Object.hasOwn(LOGICAL_PROPERTIES, name)) {
          const logical = LOGICAL_PROPERTIES[name];
          context.report({ node: property.key, messageId: 'property', data: { name, logical }, fix: property.shorthand ? null : renameKey(property, logical) });
          return;
        }
        const text = valueText(value);
        if (text === null) return;
        const keyword = text.trim();
        if (Object.hasOwn(LOGICAL_VALUES, name) && Object.hasOwn(LOGICAL_VALUES[name], keyword)) {
          const logical = LOGICAL_VALUES[name][keyword];
          context.report({
            node: value,
            messageId: 'value',
            data: { name, value: keyword, logical },
            fix: value.type === 'Literal' ? (fixer) => fixer.replaceText(value, sourceCode.getText(value).replace(keyword, logical)) : null,
          });
        } else if (name === 'unicodeBidi' && /(bidi|isolate)-override/.test(keyword)) {
          context.report({ node: value, messageId: 'override', data: { value: keyword } });
        } else if (SIDED_SHORTHANDS.has(name)) {
          const values = shorthandValues(text);
          if (values.length === 4 && values[1] !== values[3]) context.report({ node: value, messageId: 'shorthand', data: { name } });
        } else if (name === 'borderRadius' && !text.includes('/')) {
          // top-left top-right bottom-right bottom-left; mirroring swaps left and right corners.
          const [topLeft, topRight = topLeft, bottomRight = topLeft, bottomLeft = topRight] = shorthandValues(text);
          if (topLeft !== topRight || bottomLeft !== bottomRight) context.report({ node: value, messageId: 'radius' });
        }
      },
    };
  },
};

export default defineConfig(
  globalIgnores([
    'dist/',
    'uploads/',
    'test-results/',
    '.test-results/',
    'playwright-report/',
    '.e2e/',
    '.build-*/',
    '.pw-*/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // With verbatimModuleSyntax, `import { type X }` keeps an empty import of the module at run time.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // tsc's noUnusedLocals and noUnusedParameters already check these files, with its own rules.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/server/**', 'db/**', 'tests/**', 'scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // A migration types its database as Kysely<any>: it must not depend on today's schema.
    files: ['db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    plugins: { local: { rules: { boundaries, 'no-cycle': noCycle, 'logical-css': logicalCss } } },
    rules: { 'local/boundaries': 'error', 'local/no-cycle': 'error' },
  },
  {
    // Start and end, never left and right, so Urdu pages mirror (right-to-left).
    files: ['src/client/**/*.css.ts'],
    rules: { 'local/logical-css': 'error' },
  },
  {
    // A file past 500 lines of code holds several things: split it by what its parts do (as backup/ is
    // split by engine). Tests and their fixtures may run longer; no generated code is kept in the repository.
    ignores: ['**/*.test.ts', '**/*.spec.ts', 'tests/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/trpc/app-router$',
              allowTypeImports: true,
              message: 'Import only the type: `import type { AppRouter }`; a value import bundles the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Both run in the browser.
    files: ['src/shared/**', 'src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'Node built-ins do not run in the browser.' })),
          patterns: [{ regex: '^node:', message: 'Node built-ins do not run in the browser.' }],
        },
      ],
    },
  },
);

import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { noDeliveryMessage } from '../delivery';
import errors from './catalogues/en/errors';
import { SHARED_URDU } from './catalogues/urdu';
import { createLocalizer } from './server-messages';
import type { Localize } from './translator';
import { enableRuntimeCompilation, loadMessages } from './translator';

/**
 * Every message the server or the shared schemas can send to a person has its entry in `errors`, and
 * reads in Urdu. The messages are found in the code itself (TypeScript's parser, no type checking):
 * what is passed to badRequest/notFound/conflict/forbidden, `new AppError(code, message)`,
 * `new TRPCError({ message })`, rateLimit's message, a schema's `error`/`message` params (and
 * `refine`s), the `fail`/`refuse` helpers of the schemas, `{ message }` answers of the HTTP handlers
 * and an Error subclass's `super(message)`. A constant, a function returning a message
 * (`trialExpiredMessage(…)`), a ternary and a string parameter of a helper called with literals
 * (`requiredText('Full name', 120)`) are followed to their texts; whatever else a template
 * interpolates (`${max}`, `${product.name}`) is a wildcard, given a sample value here.
 */

/** What people never read: operators' tools and settings, tests, the machinery's own logs. */
const NOT_FOR_PEOPLE = [
  /\.test\.ts$/,
  /\.fixture\.ts$/,
  /^src\/server\/testing\//,
  /^src\/server\/cli\//,
  /^src\/server\/backup\//,
  /^src\/server\/db\//,
  /^src\/server\/observability\//,
  /^src\/server\/env\.ts$/,
  /^src\/server\/index\.ts$/,
  // The mail sender's warning is the operator's (the log, a /readyz detail).
  /^src\/server\/mail\/sender\.ts$/,
  /^src\/server\/auth\/secret\.ts$/,
  /^src\/server\/uploads\/(copy-uploads|storage)\.ts$/,
];

// The code as text (Vite's glob: this runs where the browser's code does, without Node's fs).
const code: Record<string, string> = {
  ...import.meta.glob(['/src/server/**/*.ts', '/src/shared/**/*.ts', '!**/*.test.ts', '!**/*.d.ts', '!/src/shared/i18n/catalogues/**'], { query: '?raw', import: 'default', eager: true }),
};
const files = Object.keys(code).map((file) => file.slice(1));

/** Shared code whose messages the browser shows as they are (the cart's CartFullError). */
const SHARED_MESSAGES = ['src/shared/cart.ts'];

/** Where messages are sent from. */
const scanned = files.filter(
  (file) =>
    (file.startsWith('src/server/') || file.startsWith('src/shared/schemas/') || SHARED_MESSAGES.includes(file)) &&
    !NOT_FOR_PEOPLE.some((pattern) => pattern.test(file)),
);
/** Where constants and message functions are looked up (the shared code the server imports too). */
const sources = new Map<string, ts.SourceFile>();
for (const file of files) sources.set(file, ts.createSourceFile(file, code[`/${file}`]!, ts.ScriptTarget.Latest, true));

/** A message as found: texts and wildcards (null), in order. */
type Found = Array<string | null>;
const WILDCARD = null;

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

const declarations = new Map<string, Array<{ file: string; node: ts.Expression | FunctionNode }>>();
const calls = new Map<string, ts.CallExpression[]>();
for (const [file, source] of sources) {
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const list = declarations.get(node.name.text) ?? [];
      list.push({ file, node: node.initializer });
      declarations.set(node.name.text, list);
    }
    if (ts.isFunctionDeclaration(node) && node.name) {
      const list = declarations.get(node.name.text) ?? [];
      list.push({ file, node });
      declarations.set(node.name.text, list);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const list = calls.get(node.expression.text) ?? [];
      list.push(node);
      calls.set(node.expression.text, list);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isSatisfiesExpression(node)
    ? unwrap(node.expression)
    : node;

function declarationOf(name: string, file: string) {
  const list = declarations.get(name) ?? [];
  return list.find((d) => d.file === file) ?? list[0];
}

function returnsOf(fn: FunctionNode): ts.Expression[] {
  if (fn.body && !ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  return found;
}

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** The calls of a function: in its own file, or else in the files that import it by name. */
function callsOf(name: string, file: string): ts.CallExpression[] {
  const all = calls.get(name) ?? [];
  const local = all.filter((call) => call.getSourceFile().fileName === file);
  if (local.length > 0) return local;
  const module = baseName(file).replace(/\.ts$/, '');
  return all.filter((call) =>
    call.getSourceFile().statements.some(
      (statement) =>
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        baseName(statement.moduleSpecifier.text) === module &&
        statement.importClause?.namedBindings !== undefined &&
        ts.isNamedImports(statement.importClause.namedBindings) &&
        statement.importClause.namedBindings.elements.some((element) => element.name.text === name),
    ),
  );
}

/** The function a parameter belongs to, its position, and the name it is called by. */
function parameterOf(identifier: ts.Identifier): { name: string; index: number } | null {
  for (let node: ts.Node | undefined = identifier.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    const index = node.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === identifier.text);
    if (index < 0) continue;
    if (ts.isFunctionDeclaration(node) && node.name) return { name: node.name.text, index };
    if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return { name: node.parent.name.text, index };
    // A constructor's or a callback's parameter: a value we cannot follow (never a constant of that name).
    return { name: '', index };
  }
  return null;
}

const cross = (left: Found[], right: Found[]): Found[] => left.flatMap((l) => right.map((r) => [...l, ...r]));

/** The texts an expression in a message's place can be; [] when it is not one we can know. */
function textsOf(expression: ts.Expression, file: string, depth = 0): Found[] {
  if (depth > 8) return [];
  const node = unwrap(expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [[node.text]];
  if (ts.isTemplateExpression(node)) {
    let results: Found[] = [[node.head.text]];
    for (const span of node.templateSpans) {
      results = cross(cross(results, partsOf(span.expression, file, depth)), [[span.literal.text]]);
    }
    return results;
  }
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue, file, depth + 1), ...textsOf(node.whenFalse, file, depth + 1)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (kind === ts.SyntaxKind.PlusToken) return cross(textsOf(node.left, file, depth + 1), textsOf(node.right, file, depth + 1));
    if (kind === ts.SyntaxKind.QuestionQuestionToken || kind === ts.SyntaxKind.BarBarToken) {
      return [...textsOf(node.left, file, depth + 1), ...textsOf(node.right, file, depth + 1)];
    }
    return [];
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? textsOf(p.initializer, file, depth + 1) : []));
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return returnsOf(node).flatMap((r) => textsOf(r, file, depth + 1));
  if (ts.isIdentifier(node)) {
    // A helper's parameter (`refuse(status, message)`): what its callers pass.
    const parameter = parameterOf(node);
    if (parameter) {
      if (parameter.name === '') return [];
      return callsOf(parameter.name, file).flatMap((call) => {
        const argument = call.arguments[parameter.index];
        return argument ? textsOf(argument, call.getSourceFile().fileName, depth + 1) : [];
      });
    }
    const declaration = declarationOf(node.text, file);
    if (!declaration) return [];
    return ts.isFunctionDeclaration(declaration.node) ? [] : textsOf(declaration.node as ts.Expression, declaration.file, depth + 1);
  }
  if (ts.isElementAccessExpression(node)) return textsOf(node.expression, file, depth + 1);
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'message' && ts.isNewExpression(unwrap(node.expression))) {
    return messagesOfClass(unwrap(node.expression) as ts.NewExpression, file);
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const declaration = declarationOf(node.expression.text, file);
    const fn = declaration && (ts.isFunctionDeclaration(declaration.node) || ts.isArrowFunction(declaration.node) ? declaration.node : null);
    const returned = fn ? returnsOf(fn).flatMap((r) => textsOf(r, declaration.file, depth + 1)) : [];
    // A wrapper that returns no text of its own (say(message)): the message it is given, its last argument.
    const last = node.arguments.at(-1);
    return returned.length > 0 || !last || ts.isObjectLiteralExpression(last) ? returned : textsOf(last, file, depth + 1);
  }
  return [];
}

/** What a template's `${…}` can be: its texts when known (a ternary of words, a labelled helper's label), else a wildcard. */
function partsOf(expression: ts.Expression, file: string, depth: number): Found[] {
  const node = unwrap(expression);
  if (ts.isConditionalExpression(node)) {
    const options = [...textsOf(node.whenTrue, file, depth + 1), ...textsOf(node.whenFalse, file, depth + 1)];
    if (options.length > 0) return options;
  }
  if (ts.isIdentifier(node)) {
    // A local choice of words (`const images = n === 1 ? '1 image that is' : \`${n} images that are\``).
    const declaration = declarationOf(node.text, file);
    if (declaration && declaration.file === file && !ts.isFunctionDeclaration(declaration.node) && ts.isConditionalExpression(unwrap(declaration.node as ts.Expression))) {
      const options = textsOf(declaration.node as ts.Expression, file, depth + 1);
      if (options.length > 0) return options;
    }
    const parameter = parameterOf(node);
    if (parameter) {
      const sites = callsOf(parameter.name, file);
      const values = sites.map((call) => {
        const argument = call.arguments[parameter.index];
        return argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) ? argument.text : WILDCARD;
      });
      if (values.length > 0) return [...new Set(values)].map((value) => [value]);
    }
  }
  return [[WILDCARD]];
}

function messagesOfClass(expression: ts.NewExpression, file: string): Found[] {
  if (!ts.isIdentifier(expression.expression)) return [];
  const name = expression.expression.text;
  for (const [classFile, source] of sources) {
    const found: Found[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name?.text === name) found.push(...superMessages(node, classFile));
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (found.length > 0) return found;
  }
  void file;
  return [];
}

function superMessages(node: ts.ClassDeclaration, file: string): Found[] {
  const found: Found[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.SuperKeyword && child.arguments[0]) {
      found.push(...textsOf(child.arguments[0], file));
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

const MESSAGE_CALLS = new Set(['badRequest', 'notFound', 'conflict', 'forbidden', 'fail', 'refuse']);
const ZOD_CHECKS = new Set(['min', 'max', 'length', 'regex', 'refine', 'email', 'url', 'int', 'positive', 'nonnegative', 'nonempty', 'gte', 'lte', 'gt', 'lt']);

interface Message {
  where: string;
  found: Found;
}

function scan(file: string): Message[] {
  const source = sources.get(file)!;
  const messages: Message[] = [];
  const add = (node: ts.Node, expression: ts.Expression | undefined) => {
    if (!expression) return;
    const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    for (const found of textsOf(expression, file)) messages.push({ where, found });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      // storage.ts's notFound(error) is a predicate of its own, and is not scanned.
      if (ts.isIdentifier(callee) && MESSAGE_CALLS.has(callee.text)) add(node, node.arguments[0]);
      if (ts.isIdentifier(callee) && callee.text === 'rateLimit' && node.arguments.length === 3) add(node, node.arguments[2]);
      if (ts.isPropertyAccessExpression(callee) && ZOD_CHECKS.has(callee.name.text)) {
        const last = node.arguments.at(-1);
        if (node.arguments.length > 1 && last && (ts.isStringLiteral(last) || ts.isTemplateExpression(last))) add(node, last);
      }
      if (callee.kind === ts.SyntaxKind.SuperKeyword) {
        const owner = ts.findAncestor(node, ts.isClassDeclaration);
        const extendsError = owner?.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'Error'));
        if (extendsError && node.arguments[0]) add(node, node.arguments[0]);
      }
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') add(node, node.arguments?.[1]);
    // { message: … } and { error: … }: TRPCError's, the schemas' params, the HTTP answers.
    // (An object under `error` is an answer's envelope: its own `message` is visited in turn.)
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'message' || node.name.text === 'error') &&
      !ts.isObjectLiteralExpression(unwrap(node.initializer))
    ) {
      add(node, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return messages;
}

const found = scanned.flatMap(scan);

/** Each message once, with its wildcards given sample values (which hold Latin letters: they must come out as they went in). */
const SAMPLES = ['Qzx1', 'Wvk2', 'Jpy3', 'Kxq4'];
interface Sample {
  english: string;
  values: string[];
  where: string[];
}
const samples = new Map<string, Sample>();
for (const { where, found: parts } of found) {
  if (parts.every((part) => part === WILDCARD || part.trim() === '')) continue;
  let n = 0;
  const values: string[] = [];
  const english = parts
    .map((part) => {
      if (part !== WILDCARD) return part;
      const value = SAMPLES[n++ % SAMPLES.length]!;
      values.push(value);
      return value;
    })
    .join('');
  const sample = samples.get(english) ?? { english, values, where: [] };
  sample.where.push(where);
  samples.set(english, sample);
}
// Messages a shared function writes from its own catalogue (the scan sees only the call): said in English by the server.
const [shopSample, citySample] = SAMPLES as [string, string];
const noDelivery = noDeliveryMessage(shopSample, citySample);
samples.set(noDelivery, { english: noDelivery, values: [shopSample, citySample], where: ['src/shared/delivery.ts noDeliveryMessage'] });

/**
 * Latin text an Urdu message may keep: data and codes people type or read as they are (a URL's
 * example path, the slug's letters, currency codes, the date pattern, a hex color, the unit of a size
 * the server writes into a message: `16 KB`).
 */
// The product spreadsheet's formats and column names are data (they stay English in the file), as are
// the image formats a logo may be (issue 47).
const DATA = ['/product/example', 'http(s)', 'a-z', 'PKR', 'USD', 'YYYY-MM-DD', '#ff0000', 'KB', 'MB', '.csv', '.zip', 'CSV', 'ZIP', 'Variant SKU', 'SKU', 'Handle', 'Name', 'Price', 'red-kurta', 'Red', 'hex', 'yes', 'no', 'GET', 'PNG', 'JPEG', 'WebP', 'SVG'];

function latinLeft(text: string, values: string[]): string[] {
  let rest = text;
  for (const value of values) rest = rest.split(value).join(' ');
  for (const data of DATA) rest = rest.split(data).join(' ');
  return rest.match(/[A-Za-z]+/g) ?? [];
}

let urdu: Localize;
let english: Localize;
beforeAll(() => {
  enableRuntimeCompilation(compileMessage);
  loadMessages('ur', SHARED_URDU);
  urdu = createLocalizer('ur', errors);
  english = createLocalizer('en', errors);
});

describe('the errors catalogue', () => {
  it('finds the messages of the server and the schemas', () => {
    const texts = [...samples.keys()];
    // A few of each kind the scan must follow: a direct call, a constant, a message function, a
    // schema param, a labelled helper, a ternary, a TRPCError, a rate limit, an HTTP answer, super().
    for (const expected of [
      'Order not found',
      'User already registered',
      'Too many sign-in attempts. Try again in Qzx1 minutes.',
      'Too many sign-in attempts. Try again in Qzx1 minute.',
      'Your Qzx1-minute free trial has expired.',
      'Invalid email address',
      'Full name is required',
      'Shop name must be at most Qzx1 characters',
      'Delivery fee must be an amount of 0 or more, like 200',
      'Every variant needs its color',
      'Every variant needs its size',
      'Only Qzx1 left of "Wvk2": please lower the quantity',
      'Only admins can do this',
      'Too many orders from this device. Please wait a few minutes.',
      'Something went wrong. Please try again.',
      'Invalid input',
      'Please sign in to upload images',
      'The server is busy with other images. Please try again in a moment.',
      'This request came from another website, so it was refused.',
      'This request is too large (at most Qzx1).',
      'Qzx1 is not a currency we can show. Choose one from the list, such as PKR or USD.',
      'A product can have at most Qzx1 variants (colors × sizes)',
      'Your cart holds at most Qzx1 different items. Place this order first, or remove something.',
    ]) {
      expect(texts).toContain(expected);
    }
    // Operators' texts are not people's.
    expect(texts.some((text) => text.includes('DATABASE_POOL_SIZE'))).toBe(false);
  });

  it('says every message in Urdu, keeping the values it carries', () => {
    const untranslated: string[] = [];
    for (const { english: text, values, where } of samples.values()) {
      const said = urdu(text);
      const lost = values.filter((value) => !said.includes(value));
      const latin = latinLeft(said, values);
      if (lost.length > 0 || latin.length > 0) untranslated.push(`${where[0]}: ${JSON.stringify(text)} -> ${JSON.stringify(said)}`);
    }
    expect(untranslated).toEqual([]);
  });

  it('has no entry that no message uses', () => {
    const texts = [...samples.values()];
    const unused = Object.entries(errors).filter(([key, message]) => {
      const keyOnly = createLocalizer('ur', { [key]: message });
      return !texts.some(({ english: text }) => keyOnly(text) !== text);
    });
    expect(unused.map(([key]) => key)).toEqual([]);
  });

  it('matches the same way from the compiled catalogue the browser carries', () => {
    const compiled = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, compileMessage(message)]));
    const browser = createLocalizer('ur', compiled as never);
    for (const { english: text } of samples.values()) expect(browser(text)).toBe(urdu(text));
  });

  it('leaves a message it does not know as it is', () => {
    expect(urdu('Some message nobody wrote')).toBe('Some message nobody wrote');
    expect(urdu('')).toBe('');
  });

  it('keeps a value with regex characters or markup as plain text', () => {
    for (const name of ['Lamp (big) [x] $1 .* ^?', '<b>Lamp</b>', '{count} \\d+ | a']) {
      const said = urdu(`"${name}" is out of stock`);
      expect(said).toContain(name);
      expect(latinLeft(said, [name])).toEqual([]);
    }
  });

  it('says an order status in Urdu where a message names one', () => {
    const said = urdu('An order that is delivered cannot become cancelled');
    expect(latinLeft(said, [])).toEqual([]);
  });

  it('leaves every message as it is in English', () => {
    for (const { english: text } of samples.values()) expect(english(text)).toBe(text);
  });
});

// LIST_MESSAGES=1 npx vitest run src/shared/i18n/errors.catalogue.test.ts: what the scan found, to compare with a grep.
if (process.env.LIST_MESSAGES) {
  for (const { english: text, where } of samples.values()) console.log(`${where.join(' ')}\t${text}`);
}

import path from 'node:path';
import { ESLint, RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * `local/logical-css` (eslint.config.js), taken from the config as ESLint resolves it for a style
 * file, so the test also holds the rule's registration: physical properties and values in
 * vanilla-extract styles are reported with their logical replacement, and fixed where a rename is
 * enough (identical in left-to-right pages, mirrored in right-to-left ones).
 */

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleFor(file: string): Promise<{ severity: unknown; rule: Rule.RuleModule | undefined }> {
  const config = await eslint.calculateConfigForFile(path.join(root, file));
  const plugin = config.plugins?.local as { rules?: Record<string, Rule.RuleModule> } | undefined;
  return { severity: config.rules?.['local/logical-css']?.[0], rule: plugin?.rules?.['logical-css'] };
}

const { severity, rule } = await ruleFor('src/client/components/ui/button.css.ts');

describe('local/logical-css in eslint.config.js', () => {
  it('is an error in the client style files, and only there', async () => {
    expect(rule, 'the local plugin has a logical-css rule').toBeDefined();
    expect(severity).toBe(2);
    expect((await ruleFor('src/client/features/cart/cart.css.ts')).severity).toBe(2);
    expect((await ruleFor('src/client/styles/global.css.ts')).severity).toBe(2);
    expect((await ruleFor('src/client/pages/cart.tsx')).severity).toBeUndefined();
    expect((await ruleFor('src/server/http/server.ts')).severity).toBeUndefined();
  });
});

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const header = "import { globalStyle, style, styleVariants } from '@vanilla-extract/css';\nimport { media, vars } from './theme.css';\n";
const code = (body: string) => header + body;

tester.run('local/logical-css', rule ?? { create: () => ({}) }, {
  valid: [
    code("export const a = style({ marginInlineStart: 4, paddingInlineEnd: vars.space[2], insetInlineStart: 0, insetInlineEnd: 0, textAlign: 'start' });"),
    code("export const b = style({ borderInlineStart: '4px solid', borderInlineStartColor: vars.color.primary, borderStartStartRadius: 4, borderEndEndRadius: 4 });"),
    code("export const c = style({ textAlign: 'center', float: 'none', clear: 'both', unicodeBidi: 'isolate', top: 0, bottom: 0 });"),
    // Symmetric shorthands are the same both ways round.
    code("export const d = style({ margin: '0 auto', padding: `0 ${vars.space[3]}`, inset: 0, borderRadius: '8px 8px 0 0' });"),
    code("export const e = style({ padding: `${vars.space[6]} ${vars.space[4]} ${vars.space[3]}`, margin: `1px ${vars.space[2]} 3px ${vars.space[2]}` });"),
    // Variant names are not properties.
    code("export const side = styleVariants({ left: { marginInlineStart: 0 }, right: { marginInlineEnd: 0 } });"),
    code("export const f = style({ selectors: { '&:hover': { paddingInline: 4 } }, '@media': { [media.tablet]: { insetInlineEnd: 8 } } });"),
    code("globalStyle('.x blockquote', { borderInlineStart: '3px solid', paddingInlineStart: 8 });"),
    code('const left = 3;\nexport const g = style({ width: left });'),
  ],
  invalid: [
    {
      code: code('export const a = style({ marginLeft: 2, paddingRight: vars.space[1] });'),
      output: code('export const a = style({ marginInlineStart: 2, paddingInlineEnd: vars.space[1] });'),
      errors: [
        { messageId: 'property', data: { name: 'marginLeft', logical: 'marginInlineStart' } },
        { messageId: 'property', data: { name: 'paddingRight', logical: 'paddingInlineEnd' } },
      ],
    },
    {
      code: code("export const a = style({ position: 'absolute', left: 0, right: vars.space[2] });"),
      output: code("export const a = style({ position: 'absolute', insetInlineStart: 0, insetInlineEnd: vars.space[2] });"),
      errors: [
        { messageId: 'property', data: { name: 'left', logical: 'insetInlineStart' } },
        { messageId: 'property', data: { name: 'right', logical: 'insetInlineEnd' } },
      ],
    },
    {
      code: code("export const a = style({ borderLeft: '4px solid', borderRightColor: 'red', borderLeftWidth: 2, borderRightStyle: 'dashed' });"),
      output: code("export const a = style({ borderInlineStart: '4px solid', borderInlineEndColor: 'red', borderInlineStartWidth: 2, borderInlineEndStyle: 'dashed' });"),
      errors: [
        { message: /borderLeft.*borderInlineStart/ },
        { message: /borderRightColor.*borderInlineEndColor/ },
        { message: /borderLeftWidth.*borderInlineStartWidth/ },
        { message: /borderRightStyle.*borderInlineEndStyle/ },
      ],
    },
    {
      code: code('export const a = style({ borderTopLeftRadius: 4, borderTopRightRadius: 4, borderBottomLeftRadius: 2, borderBottomRightRadius: 2 });'),
      output: code('export const a = style({ borderStartStartRadius: 4, borderStartEndRadius: 4, borderEndStartRadius: 2, borderEndEndRadius: 2 });'),
      errors: [
        { message: /borderStartStartRadius/ },
        { message: /borderStartEndRadius/ },
        { message: /borderEndStartRadius/ },
        { message: /borderEndEndRadius/ },
      ],
    },
    {
      code: code('export const a = style({ scrollMarginLeft: 8, scrollPaddingRight: 8 });'),
      output: code('export const a = style({ scrollMarginInlineStart: 8, scrollPaddingInlineEnd: 8 });'),
      errors: [{ message: /scrollMarginInlineStart/ }, { message: /scrollPaddingInlineEnd/ }],
    },
    {
      code: code("export const a = style({ textAlign: 'left', float: 'right', clear: 'left' });"),
      output: code("export const a = style({ textAlign: 'start', float: 'inline-end', clear: 'inline-start' });"),
      errors: [
        { messageId: 'value', data: { name: 'textAlign', value: 'left', logical: 'start' } },
        { messageId: 'value', data: { name: 'float', value: 'right', logical: 'inline-end' } },
        { messageId: 'value', data: { name: 'clear', value: 'left', logical: 'inline-start' } },
      ],
    },
    {
      code: code("export const a = style({ textAlign: 'right' });"),
      output: code("export const a = style({ textAlign: 'end' });"),
      errors: [{ message: /textAlign: 'right'.*'end'/ }],
    },
    {
      code: code("export const a = style({ unicodeBidi: 'bidi-override' });"),
      output: null,
      errors: [{ messageId: 'override' }],
    },
    {
      // String keys, inside selectors and media queries.
      code: code("export const a = style({ selectors: { '&:hover': { 'marginLeft': 4 } }, '@media': { [media.tablet]: { right: 0 } } });"),
      output: code("export const a = style({ selectors: { '&:hover': { 'marginInlineStart': 4 } }, '@media': { [media.tablet]: { insetInlineEnd: 0 } } });"),
      errors: [{ message: /marginLeft.*marginInlineStart/ }, { message: /right.*insetInlineEnd/ }],
    },
    {
      code: code("globalStyle('.editor ul, .editor ol', { paddingLeft: vars.space[6] });"),
      output: code("globalStyle('.editor ul, .editor ol', { paddingInlineStart: vars.space[6] });"),
      errors: [{ message: /paddingLeft.*paddingInlineStart/ }],
    },
    {
      // A shorthand that gives left and right different values.
      code: code('export const a = style({ padding: `2px 2px 2px ${vars.space[2]}`, margin: \'0 8px 0 0\', borderRadius: \'8px 0 0 8px\' });'),
      output: null,
      errors: [
        { messageId: 'shorthand', data: { name: 'padding' } },
        { messageId: 'shorthand', data: { name: 'margin' } },
        { messageId: 'radius' },
      ],
    },
  ],
});

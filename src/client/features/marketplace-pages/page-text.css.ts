import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** A marketplace page's text (issue 47): the HTML the server made from its Markdown, set for reading. */
export const text = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space[4],
  lineHeight: 1.65,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (min-width: 640px)': { padding: vars.space[8] } },
});

globalStyle(`${text} > :first-child`, { marginTop: 0 });
globalStyle(`${text} > :last-child`, { marginBottom: 0 });
globalStyle(`${text} h2`, { fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight, margin: `${vars.space[6]} 0 ${vars.space[2]}` });
globalStyle(`${text} :is(h3, h4, h5, h6)`, { fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight, margin: `${vars.space[5]} 0 ${vars.space[2]}` });
globalStyle(`${text} :is(p, ul, ol, blockquote, pre, table)`, { margin: `0 0 ${vars.space[3]}` });
globalStyle(`${text} :is(ul, ol)`, { paddingInlineStart: vars.space[6] });
globalStyle(`${text} li + li`, { marginTop: vars.space[1] });
globalStyle(`${text} a`, { color: vars.color.primary, textDecoration: 'underline', textUnderlineOffset: '2px' });
globalStyle(`${text} blockquote`, { borderInlineStart: `3px solid ${vars.color.border}`, paddingInlineStart: vars.space[3], color: vars.color.textMuted });
globalStyle(`${text} :is(code, pre)`, { fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, background: vars.color.surfaceMuted, borderRadius: vars.radius.sm });
globalStyle(`${text} pre`, { padding: vars.space[3], overflowX: 'auto' });
globalStyle(`${text} table`, { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' });
globalStyle(`${text} :is(th, td)`, { border: `1px solid ${vars.color.border}`, padding: `${vars.space[1]} ${vars.space[2]}`, textAlign: 'start' });

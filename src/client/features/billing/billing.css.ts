import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const status = style({ display: 'flex', alignItems: 'center', gap: vars.space[2], margin: 0, flexWrap: 'wrap' });

/** A list of plans or payments, one line each; the amount moves to the next line whole on a phone. */
export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space[2],
  paddingBlock: vars.space[2],
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
export const planRow = style([row, { alignItems: 'center' }]);
export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0, flex: '1 1 12rem' });
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });
export const undone = style({ textDecoration: 'line-through', color: vars.color.textMuted });
export const undoneNote = style({ fontSize: vars.fontSize.sm, color: vars.color.danger });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const twoFields = style({ display: 'grid', gap: vars.space[3], gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))' });
export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space[2] });

/** The dashboard's notice of Pro's end: amber in the last week, red through the grace days. */
export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
});
export const bannerDanger = style([banner, { background: vars.color.dangerSoft, color: vars.color.danger }]);
export const bannerLink = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[1], fontWeight: vars.fontWeight.bold, color: 'inherit' });

/** A statement month's heading: the month, then its totals (wrapping before an amount, never inside). */
export const monthHeading = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space[2],
  margin: 0,
  fontSize: vars.fontSize.md,
});
/** A shop's balance with its actions and, opened, its statement. */
export const balanceRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], paddingBlockEnd: vars.space[3], borderBlockEnd: `1px solid ${vars.color.border}` });
export const balanceHead = style([row, { borderBlockEnd: 'none', paddingBlockEnd: 0 }]);
/** A statement line whose order number stays whole: the amount moves to the next line before the number breaks. */
export const rowMainWhole = style([rowMain, { minWidth: 'min-content' }]);

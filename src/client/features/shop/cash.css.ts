import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

/** "Cash received on …" with its Undo, among an order's buttons. */
export const cashReceived = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  fontSize: vars.fontSize.sm,
  color: vars.color.success,
  fontWeight: vars.fontWeight.medium,
});

/** One currency's four numbers: two columns on phones, four from tablets up. */
export const figures = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], padding: vars.space[4] });
export const figureLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const figureNote = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const courier = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, margin: 0 });

/** A list of orders, one line each: number, who, how old, amount. */
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
export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });
export const rowNote = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });
export const old = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });

/** The orders CSV's From, To and Export CSV, in a row that wraps on phones. */
export const exportRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[3] });
/** The two downloads side by side, wrapping together onto their own line on a phone. */
export const exportLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });
export const exportButton = style({ marginBlockEnd: vars.space[1], selectors: { '&[aria-disabled]': { opacity: 0.5, pointerEvents: 'none' } } });

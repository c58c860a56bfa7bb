import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const summaryList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const summaryItem = style({ display: 'grid', gridTemplateColumns: '48px minmax(0, 1fr) auto', gap: vars.space[3], alignItems: 'center', fontSize: vars.fontSize.sm });
export const thumb = style({ width: 48, height: 48, borderRadius: vars.radius.sm, objectFit: 'cover', background: vars.color.surfaceMuted });
export const itemName = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });
export const row = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space[3], padding: `${vars.space[1]} 0` });
export const total = style([row, { fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[3], marginTop: vars.space[2] }]);
export const divider = style({ borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space[3]} 0` });

export const placedList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const placedItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const orderNumber = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.semibold });
/** One shop's lines and amounts in the order summary. */
export const shopBlock = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], marginBottom: vars.space[4] });
export const shopName = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: 0, overflowWrap: 'anywhere' });

/** A shop's refusal of the number, under the Phone field it is about. */
export const refusal = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[2],
  marginTop: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  minWidth: 0,
});
// A long shop name wraps inside the button instead of widening the page on a phone.
export const refusalLink = style({ whiteSpace: 'normal', maxWidth: '100%', paddingBlock: vars.space[1], overflowWrap: 'anywhere' });
export const refusalText = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

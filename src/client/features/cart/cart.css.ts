import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space[5],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) 360px' } },
});

export const lines = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const line = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr)',
  gap: vars.space[3],
  padding: vars.space[3],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.tablet]: { gridTemplateColumns: '96px minmax(0, 1fr)', padding: vars.space[4] } },
});

export const flagged = style({ borderColor: vars.color.warning, background: vars.color.warningSoft });

export const image = style({ width: '100%', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: vars.radius.md, background: vars.color.surfaceMuted });
export const imageFallback = style([image, { display: 'grid', placeItems: 'center', color: vars.color.textMuted }]);

export const details = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });
// The name keeps whole words: when the line total leaves it too little room, the total wraps below.
export const name = style({ flex: '1 1 9rem', minWidth: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: 'break-word' });
export const options = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, display: 'flex', gap: vars.space[3], flexWrap: 'wrap', alignItems: 'center' });
export const dot = style({ width: 14, height: 14, borderRadius: '50%', display: 'inline-block', verticalAlign: 'middle', marginInlineEnd: 4, boxShadow: `0 0 0 1px ${vars.color.borderStrong}` });
export const controls = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space[2], flexWrap: 'wrap', marginTop: vars.space[2] });
export const qty = style({ display: 'flex', alignItems: 'center', gap: vars.space[1] });
export const qtyValue = style({ minWidth: 36, textAlign: 'center', fontWeight: vars.fontWeight.semibold });
export const warning = style({ color: vars.color.warning, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const danger = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const summary = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], position: 'sticky', top: `calc(${vars.layout.topBarHeight} + 16px)` });
export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space[3] });
export const summaryTotal = style([summaryRow, { fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[3] }]);
export const muted = style({ color: vars.color.textMuted });
export const lineHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', columnGap: vars.space[3] });

export const lineTotal = style({ marginInlineStart: 'auto', whiteSpace: 'nowrap' });
/** The word beside the trash icon only where there is room. */
export const removeText = style({ display: 'none', '@media': { [media.tablet]: { display: 'inline' } } });

/** A shop's lines and its amounts, under the shop's name. */
export const shopGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const shopName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, margin: 0, overflowWrap: 'anywhere' });
export const shopAmounts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  padding: `${vars.space[2]} ${vars.space[3]}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  '@media': { [media.tablet]: { padding: `${vars.space[2]} ${vars.space[4]}` } },
});
/** A shop group's own total: what its courier collects, set apart from the rows above it. */
export const shopTotal = style({ fontWeight: vars.fontWeight.bold, paddingBlockStart: vars.space[1], borderBlockStart: `1px solid ${vars.color.border}` });
export const courierCash = style({ display: 'block', fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });
export const hint = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const shops = style({ display: 'flex', flexDirection: 'column', gap: vars.space[6] });

/** A shop group's coupon: "Have a coupon?", the code with Apply, or the applied code with Remove. */
export const coupon = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], alignItems: 'flex-start' });
export const couponForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[2], width: '100%' });
export const couponField = style({ flex: '1 1 12rem', minWidth: 0 });
export const couponApplied = style({ display: 'flex', justifyContent: 'flex-end', width: '100%' });

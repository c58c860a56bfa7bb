import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space[6],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', alignItems: 'start' } },
});

export const gallery = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const mainImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
});

export const placeholder = style([mainImage, { display: 'grid', placeItems: 'center', color: vars.color.textMuted }]);

export const thumbs = style({ display: 'flex', gap: vars.space[2], listStyle: 'none', padding: 0, margin: 0 });

export const thumb = style({
  width: 72,
  height: 72,
  padding: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `2px solid transparent`,
  background: vars.color.surfaceMuted,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.primary } },
});
export const thumbImg = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const info = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const titleRow = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space[3] });

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2], color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const priceRow = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space[3] });

export const optionGroup = style({ border: 0, padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const legend = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, padding: 0 });
export const chosen = style({ fontWeight: vars.fontWeight.regular, color: vars.color.textMuted });
export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

export const swatch = style({
  width: 40,
  height: 40,
  borderRadius: '50%',
  border: `2px solid ${vars.color.surface}`,
  boxShadow: `0 0 0 1px ${vars.color.borderStrong}`,
  cursor: 'pointer',
  padding: 0,
  selectors: {
    '&[aria-checked="true"]': { boxShadow: `0 0 0 3px ${vars.color.primary}` },
    // Sold out with the other option's choice: crossed out, and not a choice (unless buyers can ask to be told when it is back).
    '&:disabled': { cursor: 'not-allowed' },
    '&[data-sold-out]': { opacity: 0.35, backgroundImage: `linear-gradient(to top right, transparent 46%, ${vars.color.text} 48%, ${vars.color.text} 52%, transparent 54%)` },
  },
});

export const sizeButton = style({
  minWidth: 48,
  minHeight: 40,
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&[aria-checked="true"]': { borderColor: vars.color.primary, background: vars.color.primarySoft, color: vars.color.primaryHover },
    '&:disabled': { cursor: 'not-allowed' },
    '&[data-sold-out]': { textDecoration: 'line-through', color: vars.color.textMuted, borderStyle: 'dashed' },
  },
});

export const fromLabel = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const qtyRow = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });
export const qtyValue = style({ minWidth: 32, textAlign: 'center', fontWeight: vars.fontWeight.semibold });

export const description = style({ lineHeight: 1.6, overflowWrap: 'anywhere' });

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space[4],
  rowGap: vars.space[2],
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const fieldName = style({ color: vars.color.textMuted });
export const fieldValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const shopLink = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2], fontWeight: vars.fontWeight.semibold });
export const shopLogo = style({ width: 28, height: 28, borderRadius: '50%', objectFit: 'cover' });

export const titleActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: vars.space[1] });

import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const statsGrid = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const statLink = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  padding: vars.space[5],
  height: '100%',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.lg,
});

export const statTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space[2] });
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });
export const statValue = style({ fontSize: vars.fontSize['2xl'], fontWeight: vars.fontWeight.bold, lineHeight: 1.1 });
export const statIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  flexShrink: 0,
});
export const statHint = style({ display: 'inline-flex', alignItems: 'center', gap: 2, fontSize: vars.fontSize.sm, color: vars.color.primary, fontWeight: vars.fontWeight.semibold, marginTop: 'auto' });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[3],
  alignItems: 'flex-end',
  justifyContent: 'space-between',
});
export const search = style({ flex: '1 1 240px', maxWidth: 420 });
export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const item = style({
  display: 'flex',
  gap: vars.space[3],
  alignItems: 'flex-start',
  padding: vars.space[4],
  height: '100%',
});

export const thumb = style({
  width: 48,
  height: 48,
  '@media': { [media.tablet]: { width: 64, height: 64 } },
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], minWidth: 0, flex: 1 });
export const titleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });
export const itemTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const meta = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space[3],
  rowGap: vars.space[1],
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const metaTerm = style({ color: vars.color.textMuted });
export const metaValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], marginTop: vars.space[1] });
export const price = style({ fontWeight: vars.fontWeight.bold });

export const sliderGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const sliderImage = style({
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 7',
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});
export const sliderBody = style({ padding: vars.space[4], display: 'flex', flexDirection: 'column', gap: vars.space[3] });
export const orderRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space[2] });
export const orderInput = style({ width: 110 });

export const preview = style({
  position: 'relative',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  maxWidth: 480,
});
export const previewBadge = style({ position: 'absolute', top: vars.space[2], insetInlineStart: vars.space[2] });
export const fileInput = style({
  display: 'block',
  width: '100%',
  padding: vars.space[2],
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});
export const progress = style({ width: '100%', height: 8, accentColor: vars.color.primary });
export const link = style({ display: 'flex', alignItems: 'center', gap: vars.space[1], color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere', minWidth: 0 });

/** The admin's reset link: the link in a read-only field, then how long it lives. */
export const resetLink = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], textAlign: 'start' });

/** The dashboard's "Email:" line. */
export const emailLine = style({ display: 'flex', alignItems: 'center', gap: vars.space[2], marginBlockStart: vars.space[5] });

/** /admin/settings: the brand colour's field, its picker and a sample of white text on it. */
export const colourRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space[2] });
globalStyle(`${colourRow} > :first-child`, { flex: 1, minWidth: 0 });
export const colourPicker = style({
  inlineSize: 44,
  blockSize: 44,
  marginBlockStart: 26,
  padding: 2,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
});
export const colourSample = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: 44,
  blockSize: 44,
  marginBlockStart: 26,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: '#ffffff',
  fontWeight: vars.fontWeight.bold,
});

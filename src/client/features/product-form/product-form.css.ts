import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2], minWidth: 0 });
export const inline = style({ display: 'flex', gap: vars.space[2], alignItems: 'flex-end', flexWrap: 'wrap' });
export const grow = style({ flex: '1 1 160px', minWidth: 0 });

export const editor = style({
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
  selectors: { '&:focus-within': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` } },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 2,
  padding: vars.space[1],
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});

export const toolButton = style({
  display: 'grid',
  placeItems: 'center',
  minWidth: 36,
  height: 36,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.border },
    '&[aria-pressed="true"]': { background: vars.color.primarySoft, color: vars.color.primary },
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

export const editorArea = style({ minHeight: 140, padding: vars.space[3], outline: 'none' });
globalStyle(`${editorArea} p, ${editorArea} ul, ${editorArea} ol, ${editorArea} blockquote, ${editorArea} h2, ${editorArea} h3`, {
  margin: `0 0 ${vars.space[2]}`,
});
globalStyle(`${editorArea} ul, ${editorArea} ol`, { paddingInlineStart: vars.space[6] });
globalStyle(`${editorArea} blockquote`, { borderInlineStart: `3px solid ${vars.color.border}`, paddingInlineStart: vars.space[3], color: vars.color.textMuted });

export const images = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space[3],
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const imageTile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space[1],
  background: vars.color.surface,
});

export const imageTilePrimary = style({ borderColor: vars.color.primary });

export const imagePreview = style({ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.surfaceMuted });

export const tileActions = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space[1], fontSize: vars.fontSize.xs });

export const radio = style({ display: 'inline-flex', alignItems: 'center', gap: 4, cursor: 'pointer', minHeight: 32 });

export const iconButton = style({
  display: 'grid',
  placeItems: 'center',
  width: 32,
  height: 32,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.danger,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.dangerSoft } },
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], listStyle: 'none', padding: 0, margin: 0 });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  paddingBlock: 2,
  paddingInline: `${vars.space[2]} 2px`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
});

export const chipRemove = style({
  display: 'grid',
  placeItems: 'center',
  width: 28,
  height: 28,
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

export const swatch = style({ width: 18, height: 18, borderRadius: '50%', border: `1px solid ${vars.color.borderStrong}` });

export const colorInput = style({
  width: 52,
  height: 44,
  padding: 2,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
});

export const customRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
  gap: vars.space[2],
  alignItems: 'end',
});

/** A value the form shows but does not let one change (the shop's currency). */
export const readOnlyValue = style({ background: vars.color.surfaceMuted, cursor: 'default' });

export const pricePreview = style({
  display: 'flex',
  gap: vars.space[2],
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const stickyActions = style({
  display: 'flex',
  gap: vars.space[3],
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});

import { style } from '@vanilla-extract/css';
import { media, vars } from '../styles/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[3],
  width: '100%',
  padding: vars.space[6],
  position: 'relative',
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm,
  transition: 'border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, boxShadow: vars.shadow.md, transform: 'translateY(-2px)' },
    '&:focus-within': { borderColor: vars.color.primary },
  },
});

export const icon = style({
  width: 52,
  height: 52,
  borderRadius: vars.radius.lg,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const name = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const tagline = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const perks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const perk = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });
export const check = style({ color: vars.color.success, flexShrink: 0 });

/** The card's one real button; its ::after stretches over the card so the whole card is clickable. */
export const cta = style({
  marginTop: 'auto',
  minHeight: 44,
  padding: `0 ${vars.space[4]}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.xl },
    '&:disabled': { opacity: 0.6, cursor: 'wait' },
  },
});

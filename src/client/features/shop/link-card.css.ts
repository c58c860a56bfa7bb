import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

/** The shop's pages as cards: one column on phones, three from tablets up (the dashboard, /shop/manage). */
export const links = style({
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const linkCard = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: vars.space[4],
  color: vars.color.text,
  textDecoration: 'none',
});

export const linkIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  flexShrink: 0,
});

export const linkTitle = style({ fontWeight: vars.fontWeight.bold });
export const linkText = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

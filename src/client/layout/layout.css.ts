import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../styles/theme.css';

export const shell = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space[2],
  top: -60,
  zIndex: 2000,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  selectors: { '&:focus': { top: vars.space[2] } },
});

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  height: vars.layout.topBarHeight,
  background: 'rgba(255, 255, 255, 0.92)',
  backdropFilter: 'saturate(180%) blur(10px)',
  borderBottom: `1px solid ${vars.color.border}`,
  // A printed page (a packing slip) is the screen's content alone.
  '@media': { print: { display: 'none' } },
});

export const topBarInner = style({
  height: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `0 ${vars.space[4]}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  '@media': { [media.tablet]: { padding: `0 ${vars.space[6]}`, gap: vars.space[4] } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  textDecoration: 'none',
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.lg } },
});

export const brandMark = style({
  width: 32,
  height: 32,
  borderRadius: vars.radius.md,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.primary,
  color: vars.color.primaryText,
});

/** The marketplace's own logo in the mark's place (issue 47): its square, whole. */
export const brandLogo = style({
  width: 32,
  height: 32,
  borderRadius: vars.radius.md,
  objectFit: 'cover',
  flexShrink: 0,
});

export const desktopNav = style({
  display: 'none',
  '@media': { [media.desktop]: { display: 'flex', alignItems: 'center', gap: vars.space[1], marginInlineStart: vars.space[4] } },
});

export const desktopLink = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { color: vars.color.primary, background: vars.color.primarySoft },
  },
});

/**
 * The marketplace's name beside its mark: on a phone the top bar also holds the language switch, Admin
 * and Sign Out, so the name is left to screen readers there (the mark still leads home).
 */
export const brandName = style({
  '@media': {
    'screen and (max-width: 639.98px)': {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

export const spacer = style({ flex: 1 });

/**
 * Saved products (issue 50) below 1024 px, where the top bar has no navigation: a word among the bar's
 * actions, so a guest on a phone (who has no /settings) reaches /saved too. Wider, the navigation has it.
 */
export const phoneTopLink = style([
  desktopLink,
  { '@media': { [media.desktop]: { display: 'none' } } },
]);

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space[2] });

// At 375 px an admin's top bar holds the brand, Admin and Sign Out: the buttons keep their words, not their icons.
// Wider, a long navigation (a shopkeeper's seven items at 1024 px) squeezes the bar: the icons keep their size.
globalStyle(`${actions} svg`, { flexShrink: 0, '@media': { 'screen and (max-width: 639.98px)': { display: 'none' } } });

// The room the phone's bottom navigation takes is kept below the footer (site-chrome.css.ts), the page's last part.
export const main = style({ flex: 1, width: '100%' });

export const bottomNav = style({
  position: 'fixed',
  insetInlineStart: 0,
  insetInlineEnd: 0,
  bottom: 0,
  zIndex: 50,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -4px 16px rgba(17, 24, 39, 0.06)',
  paddingBottom: 'env(safe-area-inset-bottom)',
  '@media': { [media.desktop]: { display: 'none' }, print: { display: 'none' } },
});

export const bottomList = style({
  display: 'grid',
  height: vars.layout.bottomNavHeight,
  maxWidth: 640,
  margin: '0 auto',
  padding: 0,
  listStyle: 'none',
});

export const bottomLink = style({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textDecoration: 'none',
  textAlign: 'center',
  selectors: {
    // A label of two lines still fits the bar's fixed height with Urdu's taller letters.
    '&:lang(ur)': { lineHeight: vars.lineHeight.tight },
    '&[aria-current="page"]': { color: vars.color.primary },
    '&:hover': { color: vars.color.text },
  },
});

export const iconWrap = style({ position: 'relative', lineHeight: 0 });

export const countBadge = style({
  position: 'absolute',
  top: -6,
  insetInlineEnd: -10,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: '#fff',
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: '18px',
  textAlign: 'center',
});

export const inlineBadge = style({
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: '#fff',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: '20px',
  textAlign: 'center',
});


import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../styles/theme.css';

/**
 * What every page carries around its screen (issue 47): the announcement above the top bar, the
 * footer below the screen. Both are small: the footer is two short lines at the very end of the
 * page, above the phone's bottom navigation (whose room it keeps, as <main> did before it).
 */

export const announcement = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[4]}`,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.snug,
  '@media': { print: { display: 'none' } },
});

export const announcementText = style({
  flex: 1,
  margin: 0,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

globalStyle(`${announcementText} a`, { color: 'inherit', fontWeight: vars.fontWeight.semibold, textDecoration: 'underline', textUnderlineOffset: '2px' });

export const dismiss = style({
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  width: 32,
  height: 32,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'rgba(255, 255, 255, 0.18)' }, '&:disabled': { cursor: 'default' } },
});

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  paddingBottom: `calc(${vars.layout.bottomNavHeight} + env(safe-area-inset-bottom))`,
  '@media': { [media.desktop]: { paddingBottom: 0 }, print: { display: 'none' } },
});

/** On a screen without the bottom navigation (sign-in, choosing a role) nothing is below the footer. */
export const footerNoNav = style({ paddingBottom: 0 });

export const footerInner = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space[3]} ${vars.space[4]}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${vars.space[1]} ${vars.space[4]}`,
  '@media': { [media.tablet]: { padding: `${vars.space[4]} ${vars.space[6]}` } },
});

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space[1]}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const footerLink = style({
  display: 'inline-block',
  // 24 px targets at least (WCAG 2.5.8), in a line that wraps on a phone.
  padding: `${vars.space[1]} ${vars.space[2]}`,
  marginInlineStart: `calc(-1 * ${vars.space[2]})`,
  marginInlineEnd: vars.space[2],
  color: vars.color.textMuted,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const copyright = style({ margin: 0 });

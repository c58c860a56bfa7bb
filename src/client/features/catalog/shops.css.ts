import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';
import * as cards from './product-card.css';

/**
 * Shop cards look like product cards, in the same columns (5 on wide screens). A 4-column rule for wide
 * screens stood here but never applied in the built app: its stylesheet came before the product grid's,
 * whose rule won. Since the files are grouped (issue 33) it would have, so it went: /shops looks as it did.
 */
export const grid = cards.grid;

/** A shop card is a size container: its cover's size is counted from the card's own width (below). */
export const card = style([cards.card, { containerType: 'inline-size' }]);

/**
 * A banner's proportions (uploads are 1200 x 400 banners at their best): never the <img>'s height
 * attribute, which would make a 400 px tall strip, only the ratio the space is held at while it loads.
 *
 * Every cover is a whole number of pixels wide and tall, the same in every column and row. At the
 * card's own 3:1 (60.67 px tall in a 182 px card, Lighthouse's phone) the covers are drawn 60 or 61 px
 * tall by where their row falls, so a cover further down the first screen, lazy and fetched last,
 * was one pixel row larger than the first card's and became the page's largest contentful paint
 * (issue 33). Browsers without CSS round() (Chrome before 125) keep the plain 3:1.
 */
export const cover = style({
  display: 'block',
  width: ['100%', 'round(down, 100cqw, 1px)'],
  height: ['auto', 'round(down, 100cqw / 3, 1px)'],
  marginInline: 'auto',
  aspectRatio: '3 / 1',
  objectFit: 'cover',
  background: vars.color.primarySoft,
});
export const coverFallback = style([cover, { display: 'grid', placeItems: 'center', color: vars.color.primary }]);

export const avatar = style({
  width: 56,
  height: 56,
  borderRadius: '50%',
  border: `3px solid ${vars.color.surface}`,
  marginTop: -28,
  marginInlineStart: vars.space[3],
  background: vars.color.surfaceMuted,
  objectFit: 'cover',
  display: 'grid',
  placeItems: 'center',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.primary,
  position: 'relative',
});

/** Grows to the card's height, so a row's Follow buttons line up at the cards' feet. */
export const body = style({ flexGrow: 1, padding: `${vars.space[2]} ${vars.space[3]} ${vars.space[4]}`, display: 'flex', flexDirection: 'column', gap: vars.space[1] });

/** The whole card is clickable through the name's link, but for its Follow button (`follow`), drawn above. */
export const name = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 } },
});

/**
 * A card's foot, for its Follow button: at the bottom, above the name's link (which covers the card).
 * A guest's (and the card of one's own shop) is empty, and takes no room.
 */
export const foot = style([cards.action, { marginTop: 'auto', paddingTop: vars.space[2], display: 'flex', flexDirection: 'column', selectors: { '&:empty': { display: 'none' } } }]);
export const follow = style({ justifyContent: 'center' });

export const header = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space[4],
  alignItems: 'start',
  padding: vars.space[5],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const headerCover = style({ width: '100%', height: 160, objectFit: 'cover', borderRadius: vars.radius.lg, '@media': { [media.tablet]: { height: 220 } } });

export const logo = style({
  width: 72,
  height: 72,
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.primarySoft,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  '@media': { [media.tablet]: { width: 96, height: 96 } },
});

export const contacts = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space[1]} ${vars.space[4]}`, fontSize: vars.fontSize.sm, marginTop: vars.space[2] });
export const contact = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[1], overflowWrap: 'anywhere' });

export const badgeFilter = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], listStyle: 'none', padding: 0, margin: `0 0 ${vars.space[4]}` });

export const filterButton = style({
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  borderRadius: vars.radius.full,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  minHeight: 32,
  selectors: { '&[aria-pressed="true"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText } },
});
/** The shop's delivery line under its name: what an order from it pays for delivery. */
export const delivery = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space[1], fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: `${vars.space[1]} 0 0` });
// The truck stays its size and sits on the first line when the text wraps (phones).
globalStyle(`${delivery} > svg`, { flexShrink: 0, marginTop: '0.15em' });

import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

// The slips are paper: black on white on screen as in print, each sized like its sheet on screen and
// one printed page each. The page's @page size is set by the screen (pages/shop/packing-slips.tsx).

export const screen = style({
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space[5]} ${vars.space[4]} ${vars.space[8]}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[5],
  '@media': {
    [media.tablet]: { padding: `${vars.space[8]} ${vars.space[6]} ${vars.space[10]}` },
    print: { padding: 0, gap: 0, maxWidth: 'none' },
  },
});

/** What only the screen shows: the title, the paper choice, the Print button. */
export const screenOnly = style({ '@media': { print: { display: 'none' } } });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[3] });
export const paperField = style({ minWidth: 180 });

export const slips = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[6],
  '@media': { print: { display: 'block' } },
});

export const slip = style({
  width: '100%',
  background: '#fff',
  color: '#000',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  boxShadow: vars.shadow.sm,
  display: 'flex',
  flexDirection: 'column',
  overflowWrap: 'anywhere',
  '@media': {
    print: {
      border: 'none',
      borderRadius: 0,
      boxShadow: 'none',
      breakAfter: 'page',
      pageBreakAfter: 'always',
      breakInside: 'avoid',
    },
  },
  selectors: { '&:last-child': { '@media': { print: { breakAfter: 'auto', pageBreakAfter: 'auto' } } } },
});

/** The sheet each slip is drawn on: its width on screen, its padding and type. */
export const paper = styleVariants({
  a4: {
    maxWidth: '210mm',
    padding: vars.space[4],
    gap: vars.space[5],
    fontSize: '1rem',
    '@media': { [media.tablet]: { padding: vars.space[6] }, print: { maxWidth: 'none', padding: 0 } },
  },
  label: { maxWidth: '4in', padding: vars.space[3], gap: vars.space[2], fontSize: '0.78rem', lineHeight: 1.3, '@media': { print: { maxWidth: 'none', padding: 0 } } },
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space[3],
  paddingBottom: vars.space[3],
  borderBottom: '2px solid #000',
});
export const from = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flex: '1 1 12rem' });
export const shopName = style({ fontSize: '1.25em', fontWeight: vars.fontWeight.bold });
export const order = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space[1], maxWidth: '100%' });

export const caption = style({
  fontSize: '0.75em',
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: '#333',
  margin: 0,
});
// Urdu has no capitals, and spacing its letters apart would break their joins.
globalStyle(`[lang|="ur"] ${caption}`, { fontSize: '0.85em', letterSpacing: 'normal' });

export const shipTo = style({ display: 'flex', flexDirection: 'column', gap: 2 });
globalStyle(`${shipTo} p`, { margin: 0 });
export const buyerName = style({ fontSize: '1.35em', fontWeight: vars.fontWeight.bold });
export const phone = style({ fontSize: '1.15em', fontWeight: vars.fontWeight.semibold });
export const city = style({ fontWeight: vars.fontWeight.semibold });

export const lines = style({ width: '100%', borderCollapse: 'collapse', marginTop: vars.space[1] });
globalStyle(`${lines} th, ${lines} td`, { textAlign: 'start', verticalAlign: 'top', padding: `${vars.space[1]} ${vars.space[2]}`, borderBottom: '1px solid #999' });
globalStyle(`${lines} th`, { fontSize: '0.8em', borderBottom: '1.5px solid #000' });
globalStyle(`${lines} th:first-child, ${lines} td:first-child`, { paddingInlineStart: 0 });
globalStyle(`${lines} th:last-child, ${lines} td:last-child`, { paddingInlineEnd: 0 });
export const qty = style({ textAlign: 'end', whiteSpace: 'nowrap', fontWeight: vars.fontWeight.bold, width: '3.5em' });
globalStyle(`${lines} ${qty}`, { textAlign: 'end' });
export const variant = style({ display: 'block', fontSize: '0.85em', color: '#333' });

export const collect = style({
  marginTop: 'auto',
  border: '3px solid #000',
  borderRadius: vars.radius.sm,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  textAlign: 'center',
});
globalStyle(`${collect} p`, { margin: 0 });
/** An order with no cash to collect (delivered, cancelled, returned): a dashed box, unlike the cash box a courier looks for. */
export const settled = style({ borderStyle: 'dashed' });
export const collectAmount = style({ fontSize: '2em', fontWeight: vars.fontWeight.bold, lineHeight: 1.2 });
// The label is one narrow column: the barcode takes the whole width, the type is tighter.
globalStyle(`${paper.label} ${head}`, { flexDirection: 'column', gap: vars.space[2] });
globalStyle(`${paper.label} ${from}`, { flex: 'none' });
globalStyle(`${paper.label} ${collectAmount}`, { fontSize: '1.6em' });
// Urdu's taller lines (global.css.ts), a little closer on the label so that an order of a few lines fits one.
globalStyle(`[lang|="ur"] ${paper.label}`, { lineHeight: 1.55 });

/** The marketplace's logo, the height of the caption's line beside its name (issue 47). */
export const siteLogo = style({ display: 'inline-block', height: '1.6em', width: '1.6em', verticalAlign: 'middle', marginInlineEnd: vars.space[1], borderRadius: 3 });

/** The shop's policies (issue 47): small print under the lines. */
export const policies = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: '0.85em', color: '#222', overflowWrap: 'anywhere' });
export const returns = style({});
// A label has room for three lines of returns terms; the A4 slip shows them whole.
globalStyle(`${paper.label} ${returns}`, { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' });

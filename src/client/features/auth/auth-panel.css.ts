import { style } from '@vanilla-extract/css';
import { media, vars } from '../../styles/theme.css';

export const wrap = style({
  minHeight: `calc(100dvh - ${vars.layout.topBarHeight})`,
  display: 'grid',
  placeItems: 'center',
  padding: `${vars.space[6]} ${vars.space[4]}`,
  background: `radial-gradient(1200px 500px at 50% -10%, ${vars.color.primarySoft}, transparent 70%)`,
});

export const panel = style({ width: '100%', maxWidth: 440, display: 'flex', flexDirection: 'column', gap: vars.space[5] });

export const intro = style({ textAlign: 'center', display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const title = style({
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  '@media': { [media.tablet]: { fontSize: vars.fontSize['3xl'] } },
});

export const lead = style({ color: vars.color.textMuted });

export const footnote = style({ textAlign: 'center', fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The panel's form, or the notice said in its place. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

/** A result said in place of a form ("we sent a link", "the link expired"). */
export const notice = style({ fontWeight: vars.fontWeight.medium, lineHeight: vars.lineHeight.body });

export const forgot = style({ alignSelf: 'flex-end', fontSize: vars.fontSize.sm });

/** A quieter line under a notice. */
export const hint = style({ color: vars.color.textMuted });

import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const list = style({
  display: 'flex',
  // Tabs that do not fit a phone's width go to a second line, never over each other (issue 48's fourth billing tab).
  flexWrap: 'wrap',
  gap: vars.space[1],
  padding: vars.space[1],
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const tab = style({
  // Equal shares of the row, never narrower than the label: a tab that does not fit moves to the next line whole.
  flex: '1 1 0',
  minWidth: 'max-content',
  minHeight: 40,
  padding: `0 ${vars.space[4]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
    '&:hover:not([aria-selected="true"])': { color: vars.color.text },
  },
});

export const panel = style({ paddingTop: vars.space[5] });

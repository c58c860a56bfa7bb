import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const bar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });

export const summary = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });

export const note = style({ fontSize: vars.fontSize.sm });

export const errors = style({
  margin: 0,
  paddingInlineStart: vars.space[5],
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  maxHeight: 200,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
});

export const subheading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, color: vars.color.text, marginTop: vars.space[2] });

export const sample = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space[1], fontSize: vars.fontSize.sm });

export const sampleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  alignItems: 'baseline',
  paddingBlock: vars.space[1],
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const sampleName = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold, flex: '1 1 10em', minWidth: 0, overflowWrap: 'anywhere' });

export const progressCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2] });

export const meter = style({
  appearance: 'none',
  width: '100%',
  height: 10,
  border: 0,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.surfaceMuted,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.surfaceMuted },
    '&::-webkit-progress-value': { background: vars.color.primary },
    '&::-moz-progress-bar': { background: vars.color.primary },
  },
});

export const statusLine = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'center', justifyContent: 'space-between' });

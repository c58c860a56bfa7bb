import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

const shimmer = keyframes({
  '0%': { backgroundPosition: '100% 0' },
  '100%': { backgroundPosition: '-100% 0' },
});

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.md,
  background: `linear-gradient(90deg, ${vars.color.surfaceMuted} 25%, #e6e9ee 37%, ${vars.color.surfaceMuted} 63%)`,
  backgroundSize: '400% 100%',
  animation: `${shimmer} 1.4s ease infinite`,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

import { createGlobalTheme } from '@vanilla-extract/css';

/** The body text's font stack: the phone's or computer's own sans-serif. */
export const systemFonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The theme contract: every colour, space, radius and type size used by the app. */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f5f6f8',
    surface: '#ffffff',
    surfaceMuted: '#f0f2f5',
    text: '#111827',
    textMuted: '#5b6472',
    border: '#e3e6eb',
    borderStrong: '#c9ced6',
    // The marketplace's brand colour (issue 47): each page's head sets these three from its settings
    // (shared/site.ts brandVariables); today's colours until then, or where no head set them.
    primary: 'var(--brand, #0d7a6f)',
    primaryHover: 'var(--brand-hover, #0a6359)',
    primaryText: '#ffffff',
    primarySoft: 'var(--brand-soft, #e1f4f1)',
    // 5.2:1 under white text (badges, cart count).
    accent: '#c2410c',
    accentSoft: '#fff0e6',
    danger: '#c92a2a',
    dangerHover: '#a61e1e',
    dangerSoft: '#fdeaea',
    success: '#2b8a3e',
    successSoft: '#e6f6ea',
    warning: '#a85d00',
    warningSoft: '#fff4db',
    focus: '#2563eb',
    overlay: 'rgba(17, 24, 39, 0.5)',
    star: '#f59f00',
    // Darkened from WhatsApp's brand green so white button text reaches 4.5:1 (WCAG AA).
    whatsapp: '#157a43',
  },
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '20px',
    '6': '24px',
    '8': '32px',
    '10': '40px',
    '12': '48px',
    '16': '64px',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '14px',
    xl: '20px',
    full: '999px',
  },
  font: {
    body: systemFonts,
    mono: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
  },
  // Urdu needs taller lines (global.css.ts sets them where lang="ur").
  lineHeight: {
    body: '1.5',
    /** Headings and buttons. */
    tight: '1.2',
    /** Clamped card titles. */
    snug: '1.3',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  shadow: {
    sm: '0 1px 2px rgba(17, 24, 39, 0.06)',
    md: '0 4px 14px rgba(17, 24, 39, 0.08)',
    lg: '0 12px 32px rgba(17, 24, 39, 0.16)',
  },
  layout: {
    maxWidth: '1200px',
    topBarHeight: '60px',
    bottomNavHeight: '64px',
  },
});

/** Breakpoints, mobile first. The bottom navigation shows below `desktop`. */
export const media = {
  tablet: 'screen and (min-width: 640px)',
  desktop: 'screen and (min-width: 1024px)',
  wide: 'screen and (min-width: 1280px)',
} as const;

import { createVar, fallbackVar, globalStyle, style } from '@vanilla-extract/css';

/**
 * Right-to-left pages (Urdu: `<html dir="rtl">`). Logical properties mirror the layout by themselves
 * (local/logical-css); what they cannot express is here.
 */

const sign = createVar();
globalStyle('[dir="rtl"]', { vars: { [sign]: '-1' } });
globalStyle('[dir="ltr"]', { vars: { [sign]: '1' } });

/** 1 in left-to-right pages, -1 in right-to-left ones: the sign of a movement along the inline axis (a translateX). */
export const inlineSign = fallbackVar(sign, '1');

/**
 * An icon that points along the line (a chevron, a back arrow, undo): turned round in right-to-left
 * pages, where "next" and "forward" point left. Icons that show a thing, not a way, keep their shape.
 */
export const directional = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

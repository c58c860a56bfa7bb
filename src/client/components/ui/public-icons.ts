import { createElement, type ReactElement } from 'react';

/**
 * The icons of every page's shell (its bars, the toasts, the language switch) and of the public pages
 * (/browse, /shops, a product, a storefront), drawn from lucide's own data (lucide-react 1.75, ISC
 * licence) without lucide-react's runtime, which would otherwise be in their first download (issue
 * 33's 95 KB for /browse). The other screens use lucide-react: they arrive later.
 * public-icons.test.ts checks each drawing is still lucide's.
 */
type Node = ReadonlyArray<readonly [string, Readonly<Record<string, string>>]>;

export interface IconProps {
  size?: number;
  className?: string;
  'aria-hidden'?: boolean | 'true';
}

/** A component drawing one of lucide's icons as lucide-react does (24-unit grid, 2-unit round strokes). */
function icon(name: string, node: Node) {
  const Icon = ({ size = 24, className, 'aria-hidden': hidden = true }: IconProps): ReactElement =>
    createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
        'aria-hidden': hidden,
      },
      node.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes })),
    );
  return Object.assign(Icon, { node });
}

export const Banknote = icon('banknote', [['rect',{'width':'20','height':'12','x':'2','y':'6','rx':'2'}],['circle',{'cx':'12','cy':'12','r':'2'}],['path',{'d':'M6 12h.01M18 12h.01'}]]);
export const CheckCircle2 = icon('circle-check', [['circle',{'cx':'12','cy':'12','r':'10'}],['path',{'d':'m16 9-5.5 5.5L8 12'}]]);
export const ChevronLeft = icon('chevron-left', [['path',{'d':'m15 18-6-6 6-6'}]]);
export const ChevronRight = icon('chevron-right', [['path',{'d':'m9 18 6-6-6-6'}]]);
export const ClipboardList = icon('clipboard-list', [['rect',{'width':'8','height':'4','x':'8','y':'2','rx':'1','ry':'1'}],['path',{'d':'M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2'}],['path',{'d':'M12 11h4'}],['path',{'d':'M12 16h4'}],['path',{'d':'M8 11h.01'}],['path',{'d':'M8 16h.01'}]]);
export const Compass = icon('compass', [['circle',{'cx':'12','cy':'12','r':'10'}],['path',{'d':'m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z'}]]);
export const Heart = icon('heart', [['path',{'d':'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5'}]]);
export const Home = icon('house', [['path',{'d':'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8'}],['path',{'d':'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'}]]);
export const ImageOff = icon('image-off', [['line',{'x1':'2','x2':'22','y1':'2','y2':'22'}],['path',{'d':'M10.41 10.41a2 2 0 1 1-2.83-2.83'}],['line',{'x1':'13.5','x2':'6','y1':'13.5','y2':'21'}],['line',{'x1':'18','x2':'21','y1':'12','y2':'15'}],['path',{'d':'M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.052-.22 1.41-.59'}],['path',{'d':'M21 15V5a2 2 0 0 0-2-2H9'}]]);
export const Info = icon('info', [['circle',{'cx':'12','cy':'12','r':'10'}],['path',{'d':'M12 16v-4'}],['path',{'d':'M12 8h.01'}]]);
export const Languages = icon('languages', [['path',{'d':'m5 8 6 6'}],['path',{'d':'m4 14 6-6 2-3'}],['path',{'d':'M2 5h12'}],['path',{'d':'M7 2h1'}],['path',{'d':'m22 22-5-10-5 10'}],['path',{'d':'M14 18h6'}]]);
export const LayoutDashboard = icon('layout-dashboard', [['rect',{'width':'7','height':'9','x':'3','y':'3','rx':'1'}],['rect',{'width':'7','height':'5','x':'14','y':'3','rx':'1'}],['rect',{'width':'7','height':'9','x':'14','y':'12','rx':'1'}],['rect',{'width':'7','height':'5','x':'3','y':'16','rx':'1'}]]);
export const LayoutGrid = icon('layout-grid', [['rect',{'width':'7','height':'7','x':'3','y':'3','rx':'1'}],['rect',{'width':'7','height':'7','x':'14','y':'3','rx':'1'}],['rect',{'width':'7','height':'7','x':'14','y':'14','rx':'1'}],['rect',{'width':'7','height':'7','x':'3','y':'14','rx':'1'}]]);
export const LogIn = icon('log-in', [['path',{'d':'m10 17 5-5-5-5'}],['path',{'d':'M15 12H3'}],['path',{'d':'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4'}]]);
export const LogOut = icon('log-out', [['path',{'d':'m16 17 5-5-5-5'}],['path',{'d':'M21 12H9'}],['path',{'d':'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4'}]]);
export const Mail = icon('mail', [['path',{'d':'m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7'}],['rect',{'x':'2','y':'4','width':'20','height':'16','rx':'2'}]]);
export const MessageCircle = icon('message-circle', [['path',{'d':'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719'}]]);
export const Minus = icon('minus', [['path',{'d':'M5 12h14'}]]);
export const Package = icon('package', [['path',{'d':'M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z'}],['path',{'d':'M12 22V12'}],['polyline',{'points':'3.29 7 12 12 20.71 7'}],['path',{'d':'m7.5 4.27 9 5.15'}]]);
export const PackageSearch = icon('package-search', [['path',{'d':'M12 22V12'}],['path',{'d':'M20.27 18.27 22 20'}],['path',{'d':'M21 10.498V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l.98-.559'}],['path',{'d':'M3.29 7 12 12l8.71-5'}],['path',{'d':'m7.5 4.27 8.997 5.148'}],['circle',{'cx':'18.5','cy':'16.5','r':'2.5'}]]);
export const Pause = icon('pause', [['rect',{'x':'14','y':'3','width':'5','height':'18','rx':'1'}],['rect',{'x':'5','y':'3','width':'5','height':'18','rx':'1'}]]);
export const Phone = icon('phone', [['path',{'d':'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384'}]]);
export const Play = icon('play', [['path',{'d':'M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z'}]]);
export const Plus = icon('plus', [['path',{'d':'M5 12h14'}],['path',{'d':'M12 5v14'}]]);
export const ShieldCheck = icon('shield-check', [['path',{'d':'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z'}],['path',{'d':'m9 12 2 2 4-4'}]]);
export const ShoppingBag = icon('shopping-bag', [['path',{'d':'M16 10a4 4 0 0 1-8 0'}],['path',{'d':'M3.103 6.034h17.794'}],['path',{'d':'M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z'}]]);
export const ShoppingCart = icon('shopping-cart', [['path',{'d':'m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18'}],['path',{'d':'M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25'}],['circle',{'cx':'18','cy':'20','r':'2'}],['circle',{'cx':'8','cy':'20','r':'2'}]]);
export const Store = icon('store', [['path',{'d':'M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5'}],['path',{'d':'M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244'}],['path',{'d':'M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05'}]]);
export const Tag = icon('tag', [['path',{'d':'M12.586 2.586A2 2 0 0 0 11.172 2H4a2 2 0 0 0-2 2v7.172a2 2 0 0 0 .586 1.414l8.704 8.704a2.426 2.426 0 0 0 3.42 0l6.58-6.58a2.426 2.426 0 0 0 0-3.42z'}],['circle',{'cx':'7.5','cy':'7.5','r':'.5','fill':'currentColor'}]]);
export const TicketPercent = icon('ticket-percent', [['path',{'d':'M2 9a3 3 0 1 1 0 6v2a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-2a3 3 0 1 1 0-6V7a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2Z'}],['path',{'d':'M9 9h.01'}],['path',{'d':'m15 9-6 6'}],['path',{'d':'M15 15h.01'}]]);
export const Truck = icon('truck', [['path',{'d':'M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2'}],['path',{'d':'M15 18H9'}],['path',{'d':'M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14'}],['circle',{'cx':'17','cy':'18','r':'2'}],['circle',{'cx':'7','cy':'18','r':'2'}]]);
export const User = icon('user', [['path',{'d':'M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2'}],['circle',{'cx':'12','cy':'7','r':'4'}]]);
export const X = icon('x', [['path',{'d':'M18 6 6 18'}],['path',{'d':'m6 6 12 12'}]]);
export const XCircle = icon('circle-x', [['circle',{'cx':'12','cy':'12','r':'10'}],['path',{'d':'m15 9-6 6'}],['path',{'d':'m9 9 6 6'}]]);

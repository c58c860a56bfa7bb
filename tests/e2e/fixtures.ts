import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { createUser } from '../../src/server/testing/factories';
import type { Role } from '../../src/shared/constants';
import { e2eEnv } from './e2e-db';

export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password' };
export const PASSWORD = 'secret123';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** An account written through the users service (for tests that are not about signing up), roles chosen. */
export async function createAccount(
  account: { email?: string; fullName?: string; password?: string; roles?: Role[] } = {},
): Promise<{ id: number; email: string; password: string; fullName: string }> {
  const created = {
    email: account.email ?? uniqueEmail(),
    password: account.password ?? PASSWORD,
    fullName: account.fullName ?? 'Test Person',
  };
  const id = await createUser(e2eEnv(), { ...created, roles: account.roles });
  return { id, ...created };
}

/** Signs in through @auth/core's endpoints with the page's own cookie jar. */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/auth/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/auth/callback/credentials', {
    form: { email, password, csrfToken },
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  const body = (await response.json()) as { url: string };
  expect(body.url).not.toContain('error=');
}

/** A signed-in user with the given role chosen (null: none yet), without the rate-limited sign-up endpoint. */
export async function signedInAs(page: Page, role: 'buyer' | 'shopkeeper' | null, fullName = 'Test Person') {
  const account = await createAccount({ fullName, roles: role ? [role] : [] });
  await signInViaApi(page, account.email, account.password);
  return account;
}

export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills and sends the Sign Up tab of /auth (the password is PASSWORD). */
export async function signUpViaUi(page: Page, email: string, fullName = 'Ayesha Khan'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Phone').fill('+92 300 1234567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** The links of the visible main navigation, in order. */
export async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text);
}

/**
 * Every toast `page` shows from its next navigation on, noted as it appears; returns a reader of the
 * texts noted so far. For a toast caused by another person's action: it lasts 4 s, and the other
 * person's steps after that action (their own page's dialog) can take longer before the test looks.
 */
export async function noteToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const noted: string[] = [];
    Object.assign(window, { notedToasts: noted });
    new MutationObserver(() => {
      for (const message of document.querySelectorAll('section[aria-label="Notifications"] > [role] > span')) {
        const text = message.textContent ?? '';
        if (!noted.includes(text)) noted.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { notedToasts: string[] }).notedToasts);
}

/** A guest's details on /checkout. Every field has a default but the email, which finds the order again. */
export interface GuestShipping {
  email: string;
  fullName?: string;
  phone?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  notes?: string;
}

/** Fills /checkout's form as a guest (the page already open), by the fields' visible labels; does not place the order. */
export async function fillGuestCheckout(page: Page, guest: GuestShipping): Promise<void> {
  await page.getByLabel('Full Name').fill(guest.fullName ?? 'Guest Shopper');
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Phone').fill(guest.phone ?? '+92 300 5556677');
  await page.getByLabel('Address').fill(guest.address ?? '7 Canal View');
  await page.getByLabel('Postal Code').fill(guest.postalCode ?? '54000');
  await page.getByLabel('City').fill(guest.city ?? 'Lahore');
  if (guest.notes !== undefined) await page.getByLabel('Notes (optional)').fill(guest.notes);
}

/**
 * Places the cart's order as a signed-in buyer from /checkout: the form is pre-filled with their name,
 * the address is typed; ends on /buyer/orders with the "Order placed" dialog open.
 */
export async function placeOrderSignedIn(page: Page, fullName: string): Promise<void> {
  await page.goto('/checkout');
  await expect(page.getByLabel('Full Name')).toHaveValue(fullName);
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Karachi');
  await page.getByLabel('Postal Code').fill('74000');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  await expect(page).toHaveURL(/\/buyer\/orders$/);
}

/** The two widths the issues ask: a phone's and a desktop's. */
export const WIDTHS = [375, 1280] as const;

/**
 * Runs `look` on the page at 375 px and at 1280 px, then gives the page back its size: a flow that the
 * issue asks at both widths walks once (at 375 px, in the phone project) and looks at each of its
 * screens at both, instead of walking the whole flow twice (the server's side is the same at both).
 */
export async function atBothWidths(page: Page, look: (width: (typeof WIDTHS)[number]) => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 640 ? 812 : 800 });
      await look(width);
    }
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/**
 * Screenshots of a page (whole) or of one element (seen visible first) at both widths, to
 * `path(width)`; see atBothWidths.
 */
export async function shotAtBothWidths(target: Page | Locator, path: (width: number) => string): Promise<void> {
  const page = 'goto' in target ? target : target.page();
  await atBothWidths(page, async (width) => {
    // At 1280 px one image pixel per CSS pixel, as the desktop project takes them (a phone's 2.6 device
    // pixels per CSS pixel made 10-megapixel PNGs).
    const scale = width < 640 ? 'device' : 'css';
    if ('goto' in target) {
      await target.screenshot({ path: path(width), fullPage: true, scale });
    } else {
      await expect(target).toBeVisible();
      await target.screenshot({ path: path(width), scale });
    }
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { localizeMessage } from '../../shared/i18n/translator';
import { localizedPath } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { readBody, sendJson } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { STOP_ABOUT, stopBackInStock } from '../back-in-stock/back-in-stock.service';
import { CART_REMINDERS_ABOUT, setCartRemindersByLink } from '../carts/cart-reminders.service';
import { EMAIL_UPDATES_PATH, INVALID_STOP_LINK } from '../mail/signed-links';
import { INVALID_LINK, isOrderUpdatesToken, setOrderUpdates } from './order-updates.service';

/** The link's page in each language: a POST to either is a one-click unsubscribe. */
const PATHS = new Set([EMAIL_UPDATES_PATH, localizedPath('ur', EMAIL_UPDATES_PATH)]);

/** Whether the request is a mail program's one-click unsubscribe (a POST to the link's page). */
export function isOneClickUnsubscribe(req: IncomingMessage, urlPath: string): boolean {
  return req.method === 'POST' && PATHS.has(urlPath);
}

/**
 * POST /email-updates?email=…&token=… (body `List-Unsubscribe=One-Click`, RFC 8058): the "Unsubscribe"
 * button a mail program shows beside a status email, from its List-Unsubscribe header. The link's
 * signature is the permission, as on the page; the answer is the mail program's, not a person's.
 */
export function createOneClickUnsubscribeHandler(deps: { db: DB; linkKey: string; now: () => Date }) {
  return async function handleOneClick(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await readBody(req);
    const say = (message: string) => localizeMessage(languageOfRequest(req.headers), message);
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const email = (params.get('email') ?? '').slice(0, 254);
    const token = (params.get('token') ?? '').slice(0, 100);
    // A back-in-stock email's link (issue 50): its address's pending requests go; a cart reminder's: its account's reminders stop.
    const about = params.get('about');
    if (about === STOP_ABOUT || about === CART_REMINDERS_ABOUT) {
      try {
        if (about === STOP_ABOUT) await stopBackInStock(deps.db, deps.linkKey, { email, token });
        else await setCartRemindersByLink(deps.db, deps.linkKey, { email, token, enabled: false }, deps.now());
      } catch {
        return sendJson(res, 400, { message: say(INVALID_STOP_LINK) });
      }
      return sendJson(res, 200, { enabled: false });
    }
    if (!email || !isOrderUpdatesToken(deps.linkKey, email, token)) {
      return sendJson(res, 400, { message: say(INVALID_LINK) });
    }
    await setOrderUpdates(deps.db, email, false, deps.now());
    sendJson(res, 200, { enabled: false });
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Auth } from '@auth/core';
import { localizeMessage } from '../../shared/i18n/translator';
import { clientIp, readBody, sendJson, sendWebResponse, toWebRequest } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { type AuthAttempt, type AuthDeps, createAuthConfig } from './auth.config';

/**
 * Serves /auth/* (csrf, session, credentials callback, sign-out) with @auth/core. Sign-in limits are
 * not checked here, on the path or the body as this handler would read them: they are applied where
 * the credentials are verified (auth.service signInWithPassword), so every path spelling and body
 * shape Auth.js accepts meets them. A refusal there becomes a 429 here.
 */
export function createAuthHandler(deps: AuthDeps, origin: (req: IncomingMessage) => string) {
  return async function handleAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === 'POST' ? await readBody(req) : null;
    const attempt: AuthAttempt = { clientIp: clientIp(req), refusal: null };
    const response = await Auth(toWebRequest(req, origin(req), body), createAuthConfig(deps, attempt));
    if (attempt.refusal) {
      const { retryAfterSeconds, message } = attempt.refusal;
      const text = { message: localizeMessage(languageOfRequest(req.headers), message) };
      // In the page's language when the sign-in says it (x-language: ur). No retry-after: a suspended account.
      if (retryAfterSeconds === undefined) sendJson(res, 403, text);
      else sendJson(res, 429, text, { 'retry-after': String(retryAfterSeconds) });
      return;
    }
    await sendWebResponse(res, response);
  };
}

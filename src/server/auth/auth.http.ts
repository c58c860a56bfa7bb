import type { IncomingMessage, ServerResponse } from 'node:http';
import { Auth, type AuthConfig } from '@auth/core';
import { emailSchema } from '../../shared/schemas/auth';
import { POLICIES, type RateLimiter } from '../rate-limit';
import { clientIp, readBody, sendJson, sendWebResponse, toWebRequest } from '../http/node-web';

/** Serves /auth/* (csrf, session, credentials callback, sign-out) with @auth/core; sign-in is rate-limited. */
export function createAuthHandler(config: AuthConfig, limiter: RateLimiter, origin: (req: IncomingMessage) => string) {
  return async function handleAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === 'POST' ? await readBody(req, 16 * 1024) : null;
    if (req.method === 'POST' && req.url?.startsWith('/auth/callback/credentials')) {
      const ip = clientIp(req);
      const email = emailSchema.safeParse(new URLSearchParams(body?.toString('utf8') ?? '').get('email') ?? '');
      const perClient = limiter.hit(`sign-in:${ip}`, POLICIES.signInPerClient);
      const perAccount = email.success ? limiter.hit(`sign-in:${ip}:${email.data}`, POLICIES.signInPerAccount) : perClient;
      if (!perClient.ok || !perAccount.ok) {
        const wait = Math.max(perClient.retryAfterSeconds, perAccount.retryAfterSeconds);
        sendJson(
          res,
          429,
          { message: `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.` },
          { 'retry-after': String(wait) },
        );
        return;
      }
    }
    const response = await Auth(toWebRequest(req, origin(req), body), config);
    await sendWebResponse(res, response);
  };
}

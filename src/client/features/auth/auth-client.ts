import type { Language } from '../../../shared/i18n/language';
import { localizeMessage, translate } from '../../../shared/i18n/translator';
import auth from '../../i18n/catalogues/en/auth';

/**
 * Signing in and out goes through @auth/core's own endpoints: fetch a CSRF token, then post the
 * credentials form. `X-Auth-Return-Redirect` makes it answer with JSON instead of a redirect.
 * Failures are thrown with a message in the page's `language`.
 */
async function csrfToken(language: Language): Promise<string> {
  const response = await fetch('/auth/csrf', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(translate(language, auth, 'auth.error.unreachable'));
  const data = (await response.json()) as { csrfToken: string };
  return data.csrfToken;
}

async function postForm(path: string, fields: Record<string, string>, language: Language): Promise<{ url?: string; message?: string; status: number }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(language) }),
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  return { ...data, status: response.status };
}

export async function signIn(email: string, password: string, language: Language = 'en'): Promise<void> {
  const result = await postForm('/auth/callback/credentials', { email, password }, language);
  // A suspended account (403) says so in the server's words.
  if (result.status === 403 && result.message) throw new Error(localizeMessage(language, result.message));
  if (result.status === 429) {
    throw new Error(result.message ? localizeMessage(language, result.message) : translate(language, auth, 'auth.error.tooManyAttempts'));
  }
  const error = result.url ? new URL(result.url, window.location.origin).searchParams.get('error') : 'Error';
  if (error) {
    throw new Error(translate(language, auth, error === 'CredentialsSignin' ? 'auth.error.invalidCredentials' : 'auth.error.signInFailed'));
  }
}

export async function signOut(): Promise<void> {
  await postForm('/auth/signout', {}, 'en');
}

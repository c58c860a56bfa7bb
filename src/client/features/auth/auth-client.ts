/**
 * Signing in and out goes through @auth/core's own endpoints: fetch a CSRF token, then post the
 * credentials form. `X-Auth-Return-Redirect` makes it answer with JSON instead of a redirect.
 */
async function csrfToken(): Promise<string> {
  const response = await fetch('/auth/csrf', { credentials: 'same-origin' });
  if (!response.ok) throw new Error('Could not reach the server. Please try again.');
  const data = (await response.json()) as { csrfToken: string };
  return data.csrfToken;
}

async function postForm(path: string, fields: Record<string, string>): Promise<{ url?: string; message?: string; status: number }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken() }),
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  return { ...data, status: response.status };
}

export async function signIn(email: string, password: string): Promise<void> {
  const result = await postForm('/auth/callback/credentials', { email, password });
  if (result.status === 429) throw new Error(result.message ?? 'Too many sign-in attempts. Try again later.');
  const error = result.url ? new URL(result.url, window.location.origin).searchParams.get('error') : 'Error';
  if (error) {
    throw new Error(error === 'CredentialsSignin' ? 'Invalid email or password' : 'Sign in failed. Please try again.');
  }
}

export async function signOut(): Promise<void> {
  await postForm('/auth/signout', {});
}

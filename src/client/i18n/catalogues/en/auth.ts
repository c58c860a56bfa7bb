/** English texts of signing in that every screen may need (keys `auth.*`: failed calls, sign-in errors, the guards), kept small: the main chunk carries them. The sign-in screen's own texts are in `account`. Urdu in ../ur/auth.ts. See shared/i18n/translator.ts. */
export default {
  'auth.error.unreachable': 'Could not reach the server. Please try again.',
  'auth.error.tooManyAttempts': 'Too many sign-in attempts. Try again later.',
  'auth.error.invalidCredentials': 'Invalid email or password',
  'auth.error.signInFailed': 'Sign in failed. Please try again.',
  'auth.guard.loading': 'Loading',
  'auth.guard.loadingPage': 'Loading...',
} as const;

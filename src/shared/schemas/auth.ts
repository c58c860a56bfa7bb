import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, SELF_SERVICE_ROLES } from '../constants';
import { phoneSchema } from './phone';
import { optionalText, requiredText } from './text';

/** Validation of spec section 5; the messages are the spec's, shown as toasts. */
export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Invalid email address' })
  .pipe(z.email({ error: 'Invalid email address' }));

export const passwordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(200, { error: 'Password must be at most 200 characters' });

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

/** The /settings password form: the current password proves it is the owner, not a borrowed session. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, { error: 'Enter your current password' })
    .max(200, { error: 'Enter your current password' }),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A password-reset token as the link carries it: 32 random bytes in base64url (auth/password-reset.service.ts). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** "Forgot password?": the email to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** A reset link's token; any other shape is answered as an expired link (the service checks it). */
export const resetTokenSchema = z.object({ token: z.string().max(200) });

/** The reset page: the link's token and the new password (typed twice; the page compares them). */
export const resetPasswordSchema = z.object({ token: z.string().max(200), newPassword: passwordSchema });

/** /settings "Order updates by email" and the shop setting "Email me new orders". */
export const emailSwitchSchema = z.object({ enabled: z.boolean() });

/**
 * An email's signed stop link (/email-updates?email=…&token=…: order updates, back in stock, cart
 * reminders); any other shape is answered as a link that is not valid.
 */
export const emailLinkSchema = z.object({ email: z.string().max(254), token: z.string().max(100) });

/** The link's page switching what it is about on or off. */
export const emailLinkSwitchSchema = emailLinkSchema.extend({ enabled: z.boolean() });

export const signUpSchema = z.object({
  fullName: requiredText('Full name', 120),
  phone: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const selfServiceRoleSchema = z.enum(SELF_SERVICE_ROLES, { error: 'Choose Shopkeeper or Buyer' });

export const chooseRoleSchema = z.object({ role: selfServiceRoleSchema });

export const toggleRoleSchema = z.object({ role: selfServiceRoleSchema, enabled: z.boolean() });

export const shippingAddressSchema = z.object({
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  postalCode: optionalText('Postal code', 20),
});

export const updateProfileSchema = z.object({
  fullName: requiredText('Full name', 120),
  phone: phoneSchema,
  shippingAddress: shippingAddressSchema,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

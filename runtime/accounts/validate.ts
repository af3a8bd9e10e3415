// Input rules of the account endpoints. Each check returns a message for the field, or null when
// the value is fine; the `*Input` functions collect them per field for a 422 with field names.
import { passwordBytes } from './password.js';

export const PASSWORD_MIN_BYTES = 12;
export const PASSWORD_MAX_BYTES = 72;
export const DISPLAY_NAME_MAX_CHARS = 160;
export const PHONE_MAX_BYTES = 32;
export const EMAIL_MAX_CHARS = 254;

// The WHATWG HTML `type=email` rule, plus a dot in the domain (a shop account needs a routable address).
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE_PATTERN = /^[0-9+()\- ]*$/;
// C0/C1 control characters (tabs and newlines included) have no place in a single-line field.
const CONTROL_CHARS = /\p{Cc}/u;

/** Number of characters as people count them: Unicode code points, not UTF-16 units. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The canonical form an email is stored and looked up in: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Message for a malformed email, or null. Expects the normalized value. */
export function checkEmail(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required';
  const email = normalizeEmail(value);
  if (email.length > EMAIL_MAX_CHARS) return `must be at most ${EMAIL_MAX_CHARS} characters`;
  const at = email.lastIndexOf('@');
  if (!EMAIL_PATTERN.test(email) || at > 64) return 'must be a valid email address';
  return null;
}

/** Message for a password outside 12–72 UTF-8 bytes, or null. Passwords are never trimmed. */
export function checkPassword(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'is required';
  const bytes = passwordBytes(value);
  if (bytes < PASSWORD_MIN_BYTES || bytes > PASSWORD_MAX_BYTES) {
    return `must be ${PASSWORD_MIN_BYTES} to ${PASSWORD_MAX_BYTES} bytes long (UTF-8), has ${bytes}`;
  }
  return null;
}

/** Message for a display name that is empty (after trimming) or over 160 characters, or null. */
export function checkDisplayName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required';
  const name = value.trim();
  if (charCount(name) > DISPLAY_NAME_MAX_CHARS) return `must be at most ${DISPLAY_NAME_MAX_CHARS} characters`;
  if (CONTROL_CHARS.test(name)) return 'must not contain control characters';
  return null;
}

/** Message for a phone over 32 bytes or with other characters than digits, + ( ) - and spaces, or null. */
export function checkPhone(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  const phone = value.trim();
  if (Buffer.byteLength(phone, 'utf8') > PHONE_MAX_BYTES) return `must be at most ${PHONE_MAX_BYTES} bytes`;
  if (!PHONE_PATTERN.test(phone)) return 'may contain only digits, spaces and + ( ) -';
  return null;
}

/** Field name → message; empty when everything is valid. */
export type FieldErrors = Record<string, string>;

/** A validated registration. */
export interface RegisterInput {
  email: string;
  password: string;
  display_name: string;
}

/** Validates a registration body; returns the clean input or the field errors. */
export function registerInput(
  body: Record<string, unknown>,
): { input: RegisterInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const email = checkEmail(body.email);
  if (email) errors.email = email;
  const password = checkPassword(body.password);
  if (password) errors.password = password;
  const name = checkDisplayName(body.display_name);
  if (name) errors.display_name = name;
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
      email: normalizeEmail(body.email as string),
      password: body.password as string,
      display_name: (body.display_name as string).trim(),
    },
  };
}

/** A validated profile change; phone undefined means "leave as is". */
export interface ProfileInput {
  display_name: string;
  phone?: string;
}

/** Validates a profile update: only display_name and phone are read, every other key is ignored. */
export function profileInput(
  body: Record<string, unknown>,
): { input: ProfileInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = checkDisplayName(body.display_name);
  if (name) errors.display_name = name;
  const hasPhone = body.phone !== undefined && body.phone !== null;
  const phone = hasPhone ? checkPhone(body.phone) : null;
  if (phone) errors.phone = phone;
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
      display_name: (body.display_name as string).trim(),
      ...(hasPhone ? { phone: (body.phone as string).trim() } : {}),
    },
  };
}

/** Login fields: present strings, nothing more (wrong values get the generic credentials error). */
export function loginInput(
  body: Record<string, unknown>,
): { input: { email: string; password: string } } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (typeof body.email !== 'string' || body.email.trim() === '') errors.email = 'is required';
  if (typeof body.password !== 'string' || body.password === '') errors.password = 'is required';
  if (Object.keys(errors).length) return { errors };
  return { input: { email: normalizeEmail(body.email as string), password: body.password as string } };
}

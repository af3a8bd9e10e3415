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
// Characters that change how text reads without showing themselves, so two different strings look
// alike (or a name reverses what follows it): every format character (Cf: bidi embeddings,
// overrides, isolates and marks, zero-width space/joiners, word joiner, BOM, soft hyphen, tags),
// line and paragraph separators, and the invisible fillers and modifiers outside Cf (combining
// grapheme joiner, Hangul fillers, Khmer inherent vowels, Mongolian selectors, braille blank,
// variation selectors).
const INVISIBLE_OR_BIDI =
  /[\p{Cf}\p{Zl}\p{Zp}\p{Variation_Selector}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5/u;
// Emoji sequences are the one legitimate use of a zero-width joiner, variation selectors and tags
// (👩‍💻, ❤️, 1️⃣, 🏴󠁧󠁢󠁳󠁣󠁴󠁿): they are taken out before the test, so names may keep their emoji.
const EMOJI_SEQUENCE =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|(?:\p{Extended_Pictographic}|[0-9#*](?=\uFE0F?\u20E3))(?:[\uFE0E\uFE0F\u20E3]|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:[\uFE0E\uFE0F]|\p{Emoji_Modifier})*)*/gu;
// Persian and the Indic scripts write zero-width (non-)joiners inside words (علی‌زاده): allowed
// between two letters of such a script, where they only choose glyph shapes.
const JOINING_SCRIPT =
  '\\p{sc=Arabic}\\p{sc=Syriac}\\p{sc=Devanagari}\\p{sc=Bengali}\\p{sc=Gurmukhi}\\p{sc=Gujarati}\\p{sc=Oriya}\\p{sc=Tamil}\\p{sc=Telugu}\\p{sc=Kannada}\\p{sc=Malayalam}\\p{sc=Sinhala}';
const JOINER_IN_WORD = new RegExp(`(?<=[${JOINING_SCRIPT}])[\\u200C\\u200D](?=[${JOINING_SCRIPT}])`, 'gu');

/** Number of characters as people count them: Unicode code points, not UTF-16 units. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** True when value holds an invisible or bidi-control character (emoji and in-word joiners aside). */
export function hasInvisibleOrBidi(value: string): boolean {
  return INVISIBLE_OR_BIDI.test(value.replace(EMOJI_SEQUENCE, '').replace(JOINER_IN_WORD, ''));
}

/** The canonical form an email is stored and looked up in: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Message for a refused email, or null. Takes the value as sent (invisibles are looked for before trimming). */
export function checkEmail(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required';
  if (hasInvisibleOrBidi(value)) return 'must not contain invisible or bidi-control characters';
  const email = normalizeEmail(value);
  if (email.length > EMAIL_MAX_CHARS) return `must be at most ${EMAIL_MAX_CHARS} characters`;
  const at = email.lastIndexOf('@');
  if (!EMAIL_PATTERN.test(email) || at > 64) return 'must be a valid email address';
  return null;
}

/**
 * The one key an email is stored, looked up and rate-limited under (normalizeEmail of an accepted
 * address), or null for an address registration refuses: such an address names no account.
 */
export function emailKey(value: unknown): string | null {
  return checkEmail(value) === null ? normalizeEmail(value as string) : null;
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

/** Message for a display name that is empty (after trimming), over 160 characters, or holds control, invisible or bidi-control characters; or null. */
export function checkDisplayName(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'is required';
  const name = value.trim();
  if (charCount(name) > DISPLAY_NAME_MAX_CHARS) return `must be at most ${DISPLAY_NAME_MAX_CHARS} characters`;
  if (CONTROL_CHARS.test(name)) return 'must not contain control characters';
  // The value as sent: trim() would quietly drop a leading BOM or separator, not refuse it.
  if (hasInvisibleOrBidi(value)) return 'must not contain invisible or bidi-control characters';
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

/**
 * Login fields: present strings, nothing more (wrong values get the generic credentials error).
 * email is the address's key, or null when registration would refuse it: no account has it.
 */
export function loginInput(
  body: Record<string, unknown>,
): { input: { email: string | null; password: string } } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (typeof body.email !== 'string' || body.email.trim() === '') errors.email = 'is required';
  if (typeof body.password !== 'string' || body.password === '') errors.password = 'is required';
  if (Object.keys(errors).length) return { errors };
  return { input: { email: emailKey(body.email), password: body.password as string } };
}

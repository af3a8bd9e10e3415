// Shipping address rules of checkout/quote and checkout/place-order. The keys are the checkout
// form's input names: name, line1, line2 (optional), city, region (optional), postal_code, country
// (ISO 3166-1 alpha-2), phone (optional). Values are trimmed; country is upper-cased; unknown keys
// are dropped. Every bad field is reported at once, keyed by its input name.
import type { ShippingAddress } from '../orders/address.js';
import { COUNTRY_CODES } from './country-codes.js';

interface FieldRule {
  required: boolean;
  max: number;
  pattern?: RegExp;
  patternMessage?: string;
}

const RULES: Record<keyof ShippingAddress, FieldRule> = {
  name: { required: true, max: 160 },
  line1: { required: true, max: 200 },
  line2: { required: false, max: 200 },
  city: { required: true, max: 120 },
  region: { required: false, max: 120 },
  postal_code: {
    required: true,
    max: 16,
    pattern: /^[A-Za-z0-9][A-Za-z0-9 -]*$/,
    patternMessage: 'may contain only letters, digits, spaces and "-"',
  },
  country: { required: true, max: 64 }, // checked against COUNTRY_CODES below
  phone: {
    required: false,
    max: 32,
    pattern: /^\+?[0-9()\- ]*[0-9][0-9()\- ]*$/,
    patternMessage: 'may contain only digits, spaces, "(", ")", "-" and a leading "+"',
  },
};

export const ADDRESS_FIELDS = Object.keys(RULES) as Array<keyof ShippingAddress>;

// C0/C1 control characters (tabs and newlines included: every field is a single line).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Validates a shipping_address value. Returns the normalized address, or the errors keyed by input
 * name (`shipping_address` itself when the value is not an object).
 */
export function validateAddress(
  value: unknown,
): { address: ShippingAddress } | { errors: Record<string, string> } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return {
      errors: { shipping_address: 'is required (an object with name, line1, city, postal_code and country)' },
    };
  const input = value as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const address = {} as ShippingAddress;
  for (const field of ADDRESS_FIELDS) {
    const rule = RULES[field];
    const raw = input[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[field] = 'must be text';
      continue;
    }
    const text = (raw ?? '').trim();
    address[field] = text;
    if (text === '') {
      if (rule.required) errors[field] = 'is required';
      continue;
    }
    if (CONTROL.test(text)) errors[field] = 'must be a single line of text';
    else if (field === 'phone' ? Buffer.byteLength(text, 'utf8') > rule.max : [...text].length > rule.max)
      errors[field] = `must be at most ${rule.max} ${field === 'phone' ? 'bytes' : 'characters'}`;
    else if (rule.pattern && !rule.pattern.test(text)) errors[field] = rule.patternMessage!;
  }
  if (!errors.country && address.country) {
    address.country = address.country.toUpperCase();
    if (!COUNTRY_CODES.has(address.country))
      errors.country = 'must be a two-letter ISO 3166-1 country code, e.g. DE or GB';
  }
  return Object.keys(errors).length > 0 ? { errors } : { address };
}

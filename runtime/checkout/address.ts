// Shipping address rules of checkout/quote and checkout/place-order. The keys are the checkout
// form's input names: name, line1, line2 (optional), city, region (optional), postal_code, country
// (ISO 3166-1 alpha-2), phone (optional). Values are trimmed; country is upper-cased; unknown keys
// are dropped. Every bad field is reported at once, keyed by its input name.

/** A validated, normalized shipping address (optional fields are ''). */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
}

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
]);

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

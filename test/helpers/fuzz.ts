// A seeded PRNG and generators of random and hostile request bodies for the /_post fuzz test.
// Everything here is deterministic for a given seed, so a failure reproduces with the same seed.
import { gzipSync } from 'node:zlib';

/** mulberry32: a tiny, fast, seedable 32-bit PRNG (deterministic across platforms). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** Picks a key of weights with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return entries[entries.length - 1][0];
  }
}

/** One request of the fuzz run. */
export interface FuzzRequest {
  kind: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** A short description of the body for failure messages. */
  preview: string;
  /** True when the body is an HTML form post (account and cart forms may answer with a page). */
  form: boolean;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

// Field names of every /_post endpoint, plus the CSRF field and keys that attack prototypes.
export const FIELD_NAMES = [
  'email',
  'password',
  'display_name',
  'phone',
  'next',
  'variant_id',
  'quantity',
  'shipping_address',
  'idempotency_key',
  'quote_fingerprint',
  'note',
  '_token',
  'id',
  'membership',
  'provider',
  'price',
  'Subtotal',
];
export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'];
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

const EMOJI = '\u{1F600}'; // 4 bytes in UTF-8, 2 UTF-16 units, 1 code point
const ONE_MB = 1024 * 1024;

/** Strings that probe lengths, encodings and parsers. */
function edgeStrings(extra: { email: string; password: string; variantIds: string[] }): string[] {
  return [
    '',
    ' ',
    '   \t\n  ',
    'a',
    '0',
    '-1',
    'null',
    'true',
    'undefined',
    'NaN',
    '[object Object]',
    '\u0000',
    'a\u0000b',
    '\ud800', // lone high surrogate
    '\udfff', // lone low surrogate
    'x\ud83dy',
    EMOJI,
    EMOJI.repeat(8), // 32 bytes: the phone limit, but not digits
    EMOJI.repeat(160), // 160 code points: the display_name limit exactly
    EMOJI.repeat(161),
    'é'.repeat(160),
    'e\u0301'.repeat(100), // combining marks: 200 code points
    '\u202eevil\u202c',
    '\ufeffBOM',
    '\u2028\u2029',
    '\u0085next-line',
    '\u00a0',
    '<script>alert(1)</script>',
    "'; DROP TABLE accounts; --",
    '" OR 1=1 --',
    '%00',
    '%s%n%x',
    '{{auth}}',
    '../../etc/passwd',
    '/\\evil.example',
    '//evil.example',
    'javascript:alert(1)',
    'a'.repeat(159),
    'a'.repeat(161),
    'a'.repeat(255),
    'a'.repeat(1001),
    'x'.repeat(60 * 1024), // just under the 64 kB body limit
    '1'.repeat(32),
    '1'.repeat(33),
    '+44 (20) 7946-0958',
    '0123456789abcdef0123456789abcdef',
    'f'.repeat(64),
    'F'.repeat(64),
    'g'.repeat(64),
    'a'.repeat(15),
    'a'.repeat(65),
    '00000000-0000-0000-0000-000000000000',
    'AAAAAAAA-0000-4000-8000-000000000000',
    extra.email,
    extra.email.toUpperCase(),
    ` ${extra.email} `,
    extra.password,
    `${extra.password}x`,
    'p'.repeat(72),
    'p'.repeat(73),
    'é'.repeat(36), // 72 bytes
    'é'.repeat(37),
    EMOJI.repeat(18), // 72 bytes
    'GB',
    'gb',
    'ZZ',
    'SW1Y 4JH',
    ...extra.variantIds,
    ...extra.variantIds.map((id) => ` ${id.toUpperCase()} `),
  ];
}

const NUMBERS = [
  0,
  -0,
  1,
  2,
  3,
  999,
  1000,
  -1,
  1.5,
  0.1,
  1e21,
  -1e21,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** A value as form text (objects as JSON: String() throws on an own `toString` that is not a function). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Percent-encodes a string's UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
export function formEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9*\-._]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Generates bodies from a seeded Rng. */
export class PayloadGenerator {
  private readonly strings: string[];
  private bigJson?: Uint8Array;
  private bigForm?: Uint8Array;

  constructor(
    readonly rng: Rng,
    readonly known: {
      email: string;
      password: string;
      variantIds: string[];
      fingerprint: () => string | null;
    },
  ) {
    this.strings = edgeStrings(known);
  }

  /** A random JSON-compatible value; depth bounds the nesting. */
  value(depth = 0): unknown {
    const r = this.rng;
    switch (
      r.weighted({
        string: 6,
        number: 3,
        bool: 1,
        null: 1,
        array: depth < 3 ? 2 : 0,
        object: depth < 3 ? 2 : 0,
        address: depth < 2 ? 1 : 0,
      })
    ) {
      case 'string':
        return r.chance(0.85) ? r.pick(this.strings) : this.randomUnicode(r.int(40));
      case 'number':
        return r.chance(0.7) ? r.pick(NUMBERS) : (r.next() - 0.5) * 10 ** r.int(12);
      case 'bool':
        return r.chance(0.5);
      case 'null':
        return null;
      case 'array':
        return Array.from({ length: r.int(5) }, () => this.value(depth + 1));
      case 'object':
        return this.object(depth + 1, FIELD_NAMES);
      default:
        return this.address(depth + 1);
    }
  }

  /** A shipping address, mostly valid, with random fields replaced. */
  address(depth: number): Record<string, unknown> {
    const valid: Record<string, unknown> = {
      name: 'Ada Lovelace',
      line1: '12 St James Square',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
    };
    const r = this.rng;
    for (let i = r.int(4); i > 0; i--) {
      const key = r.chance(0.85) ? r.pick(ADDRESS_FIELDS) : r.pick(HOSTILE_KEYS);
      if (r.chance(0.2)) delete valid[key];
      else valid[key] = this.value(depth + 1);
    }
    return valid;
  }

  /** An object with keys from names (and now and then a hostile or random key). */
  object(depth: number, names: readonly string[]): Record<string, unknown> {
    const r = this.rng;
    const out: Record<string, unknown> = {};
    for (let i = r.int(6); i >= 0; i--) {
      const key = r.chance(0.8)
        ? r.pick(names)
        : r.chance(0.5)
          ? r.pick(HOSTILE_KEYS)
          : this.randomUnicode(1 + r.int(8));
      // defineProperty: a key named __proto__ must become an own property, as JSON.parse makes it.
      Object.defineProperty(out, key, {
        value: this.value(depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  /** Random code points from every plane, including surrogates and controls. */
  randomUnicode(length: number): string {
    const r = this.rng;
    let s = '';
    for (let i = 0; i < length; i++) {
      const range = r.weighted({ ascii: 4, control: 1, bmp: 2, surrogate: 1, astral: 2 });
      if (range === 'ascii') s += String.fromCharCode(0x20 + r.int(0x5f));
      else if (range === 'control') s += String.fromCharCode(r.int(0x20));
      else if (range === 'bmp') s += String.fromCharCode(0xa0 + r.int(0xd7ff - 0xa0));
      else if (range === 'surrogate') s += String.fromCharCode(0xd800 + r.int(0x800));
      else s += String.fromCodePoint(0x10000 + r.int(0x10ffff - 0x10000));
    }
    return s;
  }

  /** A body that is mostly right for the endpoint, with some fields wrong. */
  plausible(path: string): Record<string, unknown> {
    const r = this.rng;
    const k = this.known;
    const base: Record<string, Record<string, unknown>> = {
      '/_post/auth/register': {
        email: `fuzz-${r.int(1e9)}@example.test`,
        password: 'fuzz-password-123',
        display_name: 'Fuzz',
      },
      '/_post/auth/login': { email: k.email, password: r.chance(0.2) ? k.password : 'wrong-password-123' },
      '/_post/auth/logout': {},
      '/_post/profile/update': { display_name: 'Fuzzed Name', phone: '+44 20 7946 0958' },
      '/_post/cart/get': {},
      '/_post/cart/add': { variant_id: r.pick(k.variantIds), quantity: 1 },
      '/_post/cart/update': { variant_id: r.pick(k.variantIds), quantity: 2 },
      '/_post/cart/remove': { variant_id: r.pick(k.variantIds) },
      '/_post/checkout/quote': { shipping_address: this.address(1) },
      '/_post/checkout/place-order': {
        idempotency_key: `fuzz${r.int(1e9).toString(16).padStart(12, '0')}${r.int(1e9).toString(16)}`,
        quote_fingerprint: k.fingerprint() ?? 'f'.repeat(64),
        shipping_address: this.address(1),
        note: '',
      },
    };
    const body: Record<string, unknown> = { ...(base[path] ?? {}) };
    for (let i = r.int(3); i > 0; i--) {
      const key = r.chance(0.7)
        ? r.pick(Object.keys(body).length ? Object.keys(body) : FIELD_NAMES)
        : r.pick(FIELD_NAMES);
      if (r.chance(0.2)) delete body[key];
      else
        Object.defineProperty(body, key, {
          value: this.value(1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return body;
  }

  /** One request for path; kinds are weighted so most bodies reach the handlers. */
  request(path: string): FuzzRequest {
    const r = this.rng;
    const kind = r.weighted({
      plausible: 30,
      fields: 20,
      anyJson: 6,
      prototype: 8,
      deep: 4,
      huge: 3,
      fiveMb: 2,
      brokenJson: 7,
      contentType: 6,
      form: 8,
      unicodeRaw: 4,
      encoding: 2,
    });
    const json = (body: unknown, preview?: string): FuzzRequest => {
      const text = JSON.stringify(body);
      return {
        kind,
        method: 'POST',
        headers: { 'content-type': JSON_TYPE },
        body: text,
        preview: preview ?? text.slice(0, 300),
        form: false,
      };
    };
    switch (kind) {
      case 'plausible':
        return json(this.plausible(path));
      case 'fields':
        return json(this.object(0, FIELD_NAMES));
      case 'anyJson':
        return json(this.value(0));
      case 'prototype': {
        const payloads = [
          '{"__proto__":{"polluted":"yes"}}',
          '{"constructor":{"prototype":{"polluted":"yes"}}}',
          '{"shipping_address":{"__proto__":{"polluted":"yes","name":"x"}},"__proto__":{"isAdmin":true}}',
          '{"__proto__":{"variant_id":"x","quantity":5,"polluted":"yes"},"variant_id":{"__proto__":{"polluted":"yes"}}}',
          '{"email":{"__proto__":{"toString":"x"}},"password":{"constructor":{"prototype":{"polluted":"yes"}}}}',
          '{"prototype":{"polluted":"yes"},"display_name":{"__proto__":null},"phone":["__proto__"]}',
          '[{"__proto__":{"polluted":"yes"}}]',
          '{"_token":{"__proto__":{"polluted":"yes"}},"note":{"constructor":"x"}}',
        ];
        const body = r.pick(payloads);
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE },
          body,
          preview: body,
          form: false,
        };
      }
      case 'deep': {
        const levels = 10_000;
        const shape = r.pick(['array', 'object', 'field', 'address']);
        let body: string;
        if (shape === 'array') body = '['.repeat(levels) + ']'.repeat(levels);
        else if (shape === 'object') body = '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
        else if (shape === 'field')
          body = `{"variant_id":${'['.repeat(levels)}${']'.repeat(levels)},"quantity":1}`;
        else body = `{"shipping_address":${'{"name":'.repeat(levels)}"x"${'}'.repeat(levels)}}`;
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE },
          body,
          preview: `${shape} nested ${levels} levels (${body.length} bytes)`,
          form: false,
        };
      }
      case 'huge': {
        const field = r.pick(FIELD_NAMES);
        const body = JSON.stringify({
          ...this.plausible(path),
          [field]: r.pick(['a', EMOJI, '\u0000']).repeat(ONE_MB / 2),
        });
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE },
          body,
          preview: `1 MB string in ${field} (${body.length} chars)`,
          form: false,
        };
      }
      case 'fiveMb': {
        const variant = r.pick(['json', 'form', 'chunked']);
        this.bigJson ??= new TextEncoder().encode(`{"note":"${'n'.repeat(5 * ONE_MB)}"}`);
        this.bigForm ??= new TextEncoder().encode(`note=${'n'.repeat(5 * ONE_MB)}`);
        if (variant === 'chunked') {
          const big = this.bigJson;
          let offset = 0;
          const stream = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (offset >= big.length) return controller.close();
              controller.enqueue(big.subarray(offset, offset + 64 * 1024));
              offset += 64 * 1024;
            },
          });
          return {
            kind,
            method: 'POST',
            headers: { 'content-type': JSON_TYPE },
            body: stream,
            preview: '5 MB JSON, chunked (no Content-Length)',
            form: false,
          };
        }
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': variant === 'json' ? JSON_TYPE : FORM_TYPE },
          body: variant === 'json' ? this.bigJson : this.bigForm,
          preview: `5 MB ${variant}`,
          form: variant === 'form',
        };
      }
      case 'brokenJson': {
        const valid = JSON.stringify(this.plausible(path));
        const broken = [
          '{',
          '}',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          '{"a":NaN}',
          '{"a":Infinity}',
          '{"a":undefined}',
          '{"a":1}garbage',
          '{"a":"\\x41"}',
          '{"a":"\\u12"}',
          '{"a":"unterminated}',
          '{"a"\u0000:1}',
          '\ufeff{"a":1}',
          '',
          ' ',
          'null',
          '"a string"',
          '12345',
          'true',
          '[1,2,',
          '{"a":1}{"b":2}',
          '{"quantity":01}',
          '{"quantity":1e99999}',
          '{"quantity":-}',
          '/* comment */ {"a":1}',
          valid.slice(0, r.int(valid.length)),
          valid.replace(/"/g, ''),
          valid + ','.repeat(r.int(3) + 1),
        ];
        const body = r.pick(broken);
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE },
          body,
          preview: JSON.stringify(body.slice(0, 300)),
          form: false,
        };
      }
      case 'contentType': {
        const type = r.pick([
          'text/plain',
          'text/html',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/json; charset=nonsense',
          'application/vnd.api+json',
          'application/json-patch+json',
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=nonsense',
          'APPLICATION/JSON',
          'application/json;;;',
          'json',
          '*/*',
          '',
        ]);
        const text = JSON.stringify(this.plausible(path));
        const body =
          type.startsWith('multipart') && r.chance(0.5)
            ? '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--x--\r\n'
            : text;
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        return {
          kind,
          method: 'POST',
          headers,
          body,
          preview: `${type || '(no content-type)'}: ${body.slice(0, 200)}`,
          form: type.includes('urlencoded'),
        };
      }
      case 'form': {
        const parts: string[] = [];
        const forms = [
          () => `${r.pick(FIELD_NAMES)}=${formEncode(textOf(this.value(2)))}`,
          () => `${r.pick(FIELD_NAMES)}[]=1&${r.pick(FIELD_NAMES)}[]=2`,
          () => `${r.pick(FIELD_NAMES)}[a][b][c][d][e][f][g]=deep`,
          () => `__proto__[polluted]=yes`,
          () => `constructor[prototype][polluted]=yes`,
          () => `shipping_address[__proto__][polluted]=yes&shipping_address[name]=x`,
          () => `${r.pick(FIELD_NAMES)}=%E0%A4%A`,
          () => `${r.pick(FIELD_NAMES)}=%00%ff%fe`,
          () => `${r.pick(FIELD_NAMES)}[${r.int(100000)}]=sparse`,
          () => `quantity=${r.pick(['0', '1', '999', '1000', '-1', '1.5', ' 3 ', '1e3', '0x10', ''])}`,
          () => `variant_id=${formEncode(r.pick(this.known.variantIds))}`,
          () =>
            `email=${formEncode(this.known.email)}&password=${formEncode(r.chance(0.3) ? this.known.password : 'nope-nope-nope')}`,
          () => `display_name=${formEncode(r.pick(this.strings))}&phone=${formEncode(r.pick(this.strings))}`,
          () =>
            `next=${formEncode(r.pick(['/profile', '//evil.example', '/my-orders/abc', 'javascript:alert(1)']))}`,
          () => '&&&===&=&',
          () => Array.from({ length: 2000 }, (_, i) => `k${i}=v`).join('&'),
        ];
        for (let i = 1 + r.int(4); i > 0; i--) parts.push(r.pick(forms)());
        const body = parts.join('&');
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': FORM_TYPE },
          body,
          preview: body.slice(0, 300),
          form: true,
        };
      }
      case 'unicodeRaw': {
        // Bytes no JSON.stringify would produce: invalid UTF-8, overlong forms, raw controls.
        const field = r.pick(FIELD_NAMES);
        const bad = r.pick([
          [0xff, 0xfe],
          [0xc0, 0xaf],
          [0xed, 0xa0, 0x80],
          [0xf4, 0x90, 0x80, 0x80],
          [0x00],
          [0xe2, 0x82],
          [0xf0, 0x9f, 0x98],
        ]);
        const head = new TextEncoder().encode(`{"${field}":"`);
        const tail = new TextEncoder().encode('","quantity":1}');
        const body = new Uint8Array([...head, ...bad, ...tail]);
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE },
          body,
          preview: `${field} with bytes ${bad.map((b) => b.toString(16)).join(' ')}`,
          form: false,
        };
      }
      default: {
        // Content-Encoding: a gzip bomb (5 MB of zeros in a few kB), garbage gzip, unknown codings.
        const coding = r.pick(['bomb', 'garbage', 'br', 'compress', 'gzip-valid']);
        let body: Uint8Array;
        let encoding = 'gzip';
        if (coding === 'bomb') body = gzipSync(Buffer.from(`{"note":"${'0'.repeat(5 * ONE_MB)}"}`));
        else if (coding === 'garbage') body = new TextEncoder().encode('not gzip at all');
        else if (coding === 'gzip-valid') body = gzipSync(Buffer.from(JSON.stringify(this.plausible(path))));
        else {
          body = new TextEncoder().encode(JSON.stringify(this.plausible(path)));
          encoding = coding;
        }
        return {
          kind,
          method: 'POST',
          headers: { 'content-type': JSON_TYPE, 'content-encoding': encoding },
          body,
          preview: `Content-Encoding ${encoding} (${coding}, ${body.length} bytes)`,
          form: false,
        };
      }
    }
  }
}

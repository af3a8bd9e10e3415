// Account input rules: byte-length passwords, code-point display names, phones, emails.
import { expect } from 'chai';
import {
  charCount,
  checkDisplayName,
  checkEmail,
  checkPassword,
  checkPhone,
  emailKey,
  hasInvisibleOrBidi,
  loginInput,
  profileInput,
  registerInput,
} from '../../../runtime/accounts/validate.js';

describe('accounts/validate', () => {
  describe('password (12–72 UTF-8 bytes)', () => {
    it('accepts 12 and 72 one-byte characters', () => {
      expect(checkPassword('a'.repeat(12))).to.equal(null);
      expect(checkPassword('a'.repeat(72))).to.equal(null);
    });
    it('accepts 24 × "€" (72 bytes) and rejects 73 bytes', () => {
      expect(checkPassword('€'.repeat(24))).to.equal(null);
      expect(checkPassword('€'.repeat(24) + 'a')).to.match(/has 73/);
      expect(checkPassword('a'.repeat(73))).to.match(/has 73/);
    });
    it('rejects 11 bytes, also when made of multi-byte text', () => {
      expect(checkPassword('a'.repeat(11))).to.match(/has 11/);
      // 4 × "é" (2 bytes) + 3 = 11 bytes, though 7 characters; 4 × "😀" = 16 bytes is fine
      expect(checkPassword('éééé' + 'abc')).to.match(/has 11/);
      expect(checkPassword('😀'.repeat(4))).to.equal(null);
    });
    it('rejects missing, empty and non-string values; never trims', () => {
      expect(checkPassword(undefined)).to.equal('is required');
      expect(checkPassword('')).to.equal('is required');
      expect(checkPassword(123456789012345)).to.equal('is required');
      expect(checkPassword(' '.repeat(12))).to.equal(null);
    });
  });

  describe('display_name (required, ≤160 characters)', () => {
    it('counts code points: 160 emoji pass, 161 fail', () => {
      expect('😀'.repeat(160).length).to.equal(320); // UTF-16 units
      expect(charCount('😀'.repeat(160))).to.equal(160);
      expect(checkDisplayName('😀'.repeat(160))).to.equal(null);
      expect(checkDisplayName('😀'.repeat(161))).to.match(/at most 160/);
      expect(checkDisplayName('a'.repeat(161))).to.match(/at most 160/);
    });
    it('trims before checking and requires something left', () => {
      expect(checkDisplayName('   ')).to.equal('is required');
      expect(checkDisplayName('')).to.equal('is required');
      expect(checkDisplayName(undefined)).to.equal('is required');
      expect(checkDisplayName(` ${'b'.repeat(160)} `)).to.equal(null);
    });
    it('rejects control characters', () => {
      expect(checkDisplayName('Ann\nSmith')).to.match(/control/);
    });
    it('rejects bidi controls and invisible characters, keeping emoji and in-word joiners', () => {
      for (const name of [
        'Ann\u202Egnp.exe', // RIGHT-TO-LEFT OVERRIDE
        'An\u200Bn', // ZERO WIDTH SPACE
        'Ann\u2066x\u2069', // isolates
        'Ann\u200F', // RIGHT-TO-LEFT MARK
        'A\u00ADnn', // SOFT HYPHEN
        '\uFEFFAnn', // BOM
        'Ann\u2060', // WORD JOINER
        '\u3164', // HANGUL FILLER, a "blank" name
        'A\u034Fnn', // COMBINING GRAPHEME JOINER
        'Ann\uFE0F', // a variation selector on a letter
        'Ann\u{E0041}', // a tag character
        'x\u200Dy', // a joiner between Latin letters
      ]) {
        expect(checkDisplayName(name), JSON.stringify(name)).to.match(/invisible or bidi-control/);
      }
      for (const name of ['Anna 👩‍💻', '❤️ Ann', '1️⃣ Ann', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'علی‌زاده', 'Zoë', 'नमस्ते']) {
        expect(checkDisplayName(name), JSON.stringify(name)).to.equal(null);
      }
      expect(hasInvisibleOrBidi('👩\u200D')).to.equal(true); // a joiner joining nothing
    });
  });

  describe('phone (≤32 bytes, digits + ( ) - and spaces)', () => {
    it('accepts empty and typical numbers', () => {
      expect(checkPhone('')).to.equal(null);
      expect(checkPhone('+49 (30) 123-4567')).to.equal(null);
      expect(checkPhone('1'.repeat(32))).to.equal(null);
    });
    it('rejects longer, other characters and non-strings', () => {
      expect(checkPhone('1'.repeat(33))).to.match(/32 bytes/);
      expect(checkPhone('555-CALL')).to.match(/only digits/);
      expect(checkPhone('١٢٣')).to.match(/only digits/); // Arabic-Indic digits are not [0-9]
      expect(checkPhone(12345)).to.match(/string/);
    });
  });

  describe('email', () => {
    it('accepts ordinary addresses', () => {
      for (const e of ['demo@example.com', 'First.Last+tag@sub.example.co.uk', ' X@Example.COM '])
        expect(checkEmail(e), e).to.equal(null);
    });
    it('rejects malformed addresses', () => {
      for (const e of [
        '',
        'plain',
        '@example.com',
        'a@',
        'a@b',
        'a b@example.com',
        'a@exa mple.com',
        'a@-x.com',
        `${'a'.repeat(65)}@example.com`,
        `a@${'b'.repeat(250)}.com`,
        'ü@example.com',
      ]) {
        expect(checkEmail(e), e).not.to.equal(null);
      }
      expect(checkEmail(42)).to.equal('is required');
    });
    it('refuses look-alikes: invisible and bidi characters (also around the address) and non-ASCII letters', () => {
      for (const e of [
        'd\u200Bemo@example.com',
        'de\u00ADmo@example.com',
        '\uFEFFdemo@example.com',
        'demo@example.com\u202E',
      ])
        expect(checkEmail(e), JSON.stringify(e)).to.match(/invisible or bidi-control/);
      for (const e of ['demó@example.com', 'demo@exámple.com', 'dеmo@example.com' /* Cyrillic е */])
        expect(checkEmail(e), e).to.match(/valid email/);
    });
    it('emailKey is the one normalisation (trimmed, lower-cased), or null for a refused address', () => {
      expect(emailKey(' Demo@Example.COM ')).to.equal('demo@example.com');
      expect(emailKey('d\u200Bemo@example.com')).to.equal(null);
      expect(emailKey('demó@example.com')).to.equal(null);
      expect(emailKey(undefined)).to.equal(null);
    });
  });

  describe('bodies', () => {
    it('registerInput normalizes the email and names every bad field', () => {
      const ok = registerInput({
        email: ' New@Example.com ',
        password: 'p'.repeat(12),
        display_name: ' Ann ',
      });
      expect(ok).to.deep.equal({
        input: { email: 'new@example.com', password: 'p'.repeat(12), display_name: 'Ann' },
      });
      const bad = registerInput({ email: 'x', password: 'short', display_name: '' });
      expect(Object.keys((bad as { errors: object }).errors)).to.have.members([
        'email',
        'password',
        'display_name',
      ]);
    });
    it('profileInput reads only display_name and phone', () => {
      const r = profileInput({
        display_name: 'Ann',
        phone: ' 123 ',
        email: 'evil@example.com',
        id: 'x',
        membership: {},
      });
      expect(r).to.deep.equal({ input: { display_name: 'Ann', phone: '123' } });
      expect(profileInput({ display_name: 'Ann' })).to.deep.equal({ input: { display_name: 'Ann' } });
      expect(Object.keys((profileInput({ phone: 'x' }) as { errors: object }).errors)).to.have.members([
        'display_name',
        'phone',
      ]);
    });
    it('loginInput requires both fields as strings; a refused address has no key', () => {
      expect(loginInput({ email: 'A@B.com', password: 'x' })).to.deep.equal({
        input: { email: 'a@b.com', password: 'x' },
      });
      expect(loginInput({ email: 'demó@example.com', password: 'x' })).to.deep.equal({
        input: { email: null, password: 'x' },
      });
      expect(Object.keys((loginInput({ email: 1 }) as { errors: object }).errors)).to.have.members([
        'email',
        'password',
      ]);
    });
  });
});

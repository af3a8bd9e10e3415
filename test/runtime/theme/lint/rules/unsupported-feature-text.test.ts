import { expect } from 'chai';
import { lintPage, spans, where } from '../helpers.js';

describe('check-theme rule unsupported-feature-text', () => {
  it('reports advertised password reset, OTP, OAuth, payment, refunds, cancellation and booking', () => {
    const src = [
      '<a href="/forgot-password">Forgot password?</a>',
      '<p>We text you a one-time code (OTP).</p>',
      '<button>Continue with Google</button>',
      '<input type="submit" value="Pay now">',
      '<p>30-day money-back guarantee</p>',
      '<p>Cancel your order any time</p>',
      '<a href="/booking">Appointments</a>',
    ].join('\n');
    const findings = lintPage('unsupported-feature-text', src);
    expect([...new Set(where(findings))]).to.deep.equal(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `pages/index.hbs:${n}`),
    );
    expect(findings.every((f) => f.severity === 'warning')).to.equal(true);
  });

  it('accepts ordinary shop text and comments', () => {
    const src =
      '<p>Sign in with your email and password.</p>\n<button>Cancel</button>\n<p>Books and striped shirts</p>\n{{!-- no refunds --}}\n<!-- refunds -->';
    expect(lintPage('unsupported-feature-text', src)).to.deep.equal([]);
  });

  it('does not read doctypes, CDATA or processing instructions as visible text', () => {
    const src =
      '<!DOCTYPE html PUBLIC "-//Bookings//DTD Refunds//EN">\n<svg><![CDATA[ Refunds and bookings ]]></svg>\n<?booking now?>';
    expect(lintPage('unsupported-feature-text', src)).to.deep.equal([]);
  });

  it('reports the phrase itself, after a mustache on the same line too', () => {
    const findings = lintPage(
      'unsupported-feature-text',
      '<p>Hello {{auth.user.display_name}}, refunds in 30 days</p>',
    );
    expect(spans(findings)).to.deep.equal(['1:38-1:45']);
  });
});

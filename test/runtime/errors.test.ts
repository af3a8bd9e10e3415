// The error table (runtime/errors.ts): every code with its status and message, and the README's list
// of them in step with it.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { ERROR_TABLE, HttpError, validationError } from '../../runtime/errors.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('runtime/errors', () => {
  it('lists every code in the README with its status and message, and nothing else', () => {
    const rows = README.split('\n').filter((l) => /^\| `[a-z_]+` \| \d{3} \|/.test(l));
    const expected = Object.entries(ERROR_TABLE).map(
      ([code, [status, message]]) => `| \`${code}\` | ${status} | ${message} |`,
    );
    expect(rows).to.deep.equal(expected);
  });

  it('gives each code a 4xx or 5xx status and a sentence', () => {
    for (const [code, [status, message]] of Object.entries(ERROR_TABLE)) {
      expect(status, code).to.be.within(400, 599);
      expect(message, code).to.match(/^[A-Za-z].*\.$/); // a sentence (may open with a field name)
    }
  });

  it('builds the JSON body, with the fields of a validation error', () => {
    expect(new HttpError('rate_limited', undefined, { retryAfter: 3 }).toBody()).to.deep.equal({
      error: { code: 'rate_limited', message: ERROR_TABLE.rate_limited[1] },
    });
    const err = validationError({ email: 'is required' });
    expect(err.status).to.equal(422);
    expect(err.toBody().error.fields).to.deep.equal({ email: 'is required' });
  });
});

// Log lines: JSON with time and level, and free text scrubbed of values, emails and tokens.
import { expect } from 'chai';
import { log, redact, setLogSink } from '../../runtime/logger.js';

describe('runtime/logger', () => {
  it('drops the statement and its values from a knex error, keeping the reason and column name', () => {
    const text = redact(
      "insert into `orders` (`ship_line1`, `email`) values ('12 Rue de la Paix', 'jane.doe@example.com') - Out of range value for column 'subtotal_minor' at row 1",
    );
    expect(text).to.equal("Out of range value for column 'subtotal_minor' at row 1");
  });

  it('hides quoted values, full emails and long tokens in driver messages', () => {
    expect(redact("Duplicate entry 'demo@example.com' for key 'accounts_email_key_unique'")).to.equal(
      "Duplicate entry '…' for key 'accounts_email_key_unique'",
    );
    expect(redact('no account for jane.doe@example.com')).to.equal('no account for j…@example.com');
    expect(redact('session Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eA expired')).to.equal('session … expired');
  });

  it('writes one JSON line with an ISO time and a level first', () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      log('warn', "sweep failed: Duplicate entry 'x@y.example' for key 'PRIMARY'", { request_id: 'r1' });
    } finally {
      setLogSink(previous);
    }
    expect(lines).to.have.length(1);
    expect(lines[0].endsWith('\n')).to.equal(true);
    const entry = JSON.parse(lines[0]) as Record<string, string>;
    expect(Object.keys(entry).slice(0, 2)).to.deep.equal(['time', 'level']);
    expect(entry.time).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(entry.level).to.equal('warn');
    expect(entry.message).to.equal("sweep failed: Duplicate entry '…' for key 'PRIMARY'");
    expect(entry.request_id).to.equal('r1');
  });
});

import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule external-link-rel', () => {
  it('reports target=_blank and tracking links without noopener noreferrer, with fixes', () => {
    const src =
      '<a href="https://x.example" target="_blank">x</a>\n<a href="{{shipment.tracking_url}}" rel="noopener">t</a>\n<a href="https://track.carrier.example/?n=1">c</a>';
    const findings = lintPage('external-link-rel', src);
    expect(where(findings)).to.deep.equal(['pages/index.hbs:1', 'pages/index.hbs:2', 'pages/index.hbs:3']);
    expect(findings.every((f) => f.fixable)).to.equal(true);
    expect(findings[1].message).to.include('noreferrer');
    expect(findings[1].fix!.edits[0].text).to.equal('noopener noreferrer');
    expect(findings[0].fix!.edits[0].text).to.equal(' rel="noopener noreferrer"');
  });

  it('accepts links with both values, and ordinary links', () => {
    const src =
      '<a href="https://x.example" target="_blank" rel="noreferrer noopener">x</a>\n<a href="{{tracking_url}}" rel="nofollow noopener noreferrer">t</a>\n<a href="/products">p</a>';
    expect(lintPage('external-link-rel', src)).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { createHandlebars } from '../../../../runtime/theme/helpers/index.js';
import { scriptSafeJson } from '../../../../runtime/theme/helpers/json.js';

const hb = createHandlebars({ renderTemplate: () => '', assetUrl: (p) => `/assets/${p}` });
const render = (source: string, context: unknown) => hb.compile(source)(context);

describe('theme helper json', () => {
  it('writes values as JSON, unescaped by Handlebars', () => {
    expect(render('{{json name}}', { name: 'Tom & "Jerry"' })).to.equal('"Tom \\u0026 \\"Jerry\\""');
    expect(render('{{json n}} {{json b}} {{json o}}', { n: 12.5, b: false, o: { a: [1] } })).to.equal(
      '12.5 false {"a":[1]}',
    );
    expect(render('{{json missing}}', {})).to.equal('null');
    expect(render('{{json nothing}}', { nothing: null })).to.equal('null');
  });

  it('escapes what could end the script element or break a JavaScript parser', () => {
    const value = '</script><script>alert(1)</script><!-- \u2028\u2029 &amp;';
    const out = render('{{json v}}', { v: value });
    expect(out).not.to.match(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).to.equal(value);
    expect(scriptSafeJson({ k: '<b>' })).to.equal('{"k":"\\u003cb\\u003e"}');
  });

  it('joins several values into one JSON string', () => {
    const out = render('{{json origin url}}', { origin: 'https://shop.test', url: '/products/a<b' });
    expect(JSON.parse(out)).to.equal('https://shop.test/products/a<b');
    expect(render('{{json origin missing "/x"}}', { origin: 'o' })).to.equal('"o/x"');
  });
});

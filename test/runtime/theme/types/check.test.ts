// The type checker: paths resolved against the JSON Schemas through the scope stack (page scope,
// data calls, block parameters, this, ../, @index, @root, {{set}}, partials), with exact ranges.
import { expect } from 'chai';
import { parseTemplate } from '../../../../runtime/theme/parse.js';
import { themeTypeContext, typeCheckTemplate } from '../../../../runtime/theme/types/index.js';
import { TEMPLATE_OBJECTS } from '../../../../runtime/template-objects.js';
import { checkFiles, checkPage, ranges } from './helpers.js';

const FIND = '{{#with (products.find slug=request.params.slug) as |product|}}';

describe('theme/types: typeCheckTemplate', () => {
  describe('data calls and block parameters', () => {
    it('binds `as |product|` to the call’s schema and reports an unknown field with a suggestion', () => {
      const findings = checkPage(`${FIND}\n  <p>{{product.descripton}}</p>\n{{/with}}`);
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 2:8-2:26 unknown-field']);
      expect(findings[0].message).to.equal(
        '`descripton` is not a field of `product` (product.json); did you mean `description`?',
      );
    });

    it('accepts every field the schema declares, through $ref to other files (money.json)', () => {
      expect(
        checkPage(
          `${FIND}{{product.name}} {{product.price.formatted}} {{product.price.amount}} {{product.variants.length}}{{/with}}`,
        ),
      ).to.deep.equal([]);
    });

    it('follows $ref into money.json and suggests its field', () => {
      const findings = checkPage(`${FIND}{{product.price.formated}}{{/with}}`);
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 1:66-1:88 unknown-field']);
      expect(findings[0].message).to.equal(
        '`formated` is not a field of `product.price` (money.json); did you mean `formatted`?',
      );
    });

    it('lists the known fields when nothing is close', () => {
      const [finding] = checkPage(`${FIND}{{product.zzz}}{{/with}}`);
      expect(finding.message).to.include('its fields: id, slug, name, description, category, url, price');
    });

    it('reads a misspelt block parameter as a field of `this` (the {{#with}} value), suggesting the parameter', () => {
      const findings = checkPage(`${FIND}{{prodcut.name}}{{/with}}`);
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 1:66-1:78 unknown-field']);
      expect(findings[0].message).to.equal(
        '`prodcut` is not a field of this, `(products.find …)` (product.json); did you mean `product`?',
      );
    });

    it('knows that {{#with}} changes `this`: page names need @root inside it', () => {
      expect(ranges(checkPage(`${FIND}{{request.path}} {{@root.request.path}}{{/with}}`))).to.deep.equal([
        'pages/index.hbs 1:66-1:78 unknown-field',
      ]);
    });

    it('gives `{{else}}` of a {{#with}} the outer scope (the parameter is not bound there)', () => {
      expect(ranges(checkPage(`${FIND}{{else}}{{product.name}}{{/with}}`))).to.deep.equal([
        'pages/index.hbs 1:74-1:86 undefined-variable',
      ]);
    });

    it('types orders.paginate items through order-listing.json → order.json', () => {
      const source =
        '{{#with (orders.paginate limit=20) as |list|}}{{#each list.items as |order|}}{{order.number}} {{order.total.formatted}} {{order.totl}}{{/each}}{{/with}}';
      expect(ranges(checkPage(source))).to.deep.equal(['pages/index.hbs 1:123-1:133 unknown-field']);
    });
  });

  describe('each / for, this, ../ and data variables', () => {
    it('gives {{#each}} items as `this` and as `as |item i|`', () => {
      const source =
        '{{#each cart.items as |item i|}}{{item.product_name}} {{i}} {{quantity}} {{item.qty}} {{qty}}{{/each}}';
      const findings = checkPage(source);
      expect(ranges(findings)).to.deep.equal([
        'pages/index.hbs 1:76-1:84 unknown-field',
        'pages/index.hbs 1:89-1:92 unknown-field',
      ]);
      expect(findings[0].message).to.equal(
        '`qty` is not a field of `item` (cart.json#/definitions/item); its fields: variant_id, product_slug, product_name, variant_name, url, quantity, available, unit_price, line_total, image',
      );
      expect(findings[1].message).to.include('is not a field of this, an item of `cart.items`');
    });

    it('treats {{#for}} as {{#each}}', () => {
      expect(ranges(checkPage('{{#for cart.items}}{{variant_nam}}{{/for}}'))).to.deep.equal([
        'pages/index.hbs 1:22-1:33 unknown-field',
      ]);
    });

    it('resolves this.x, ../x and keeps {{else}} of each in the outer scope', () => {
      const source =
        '{{#each cart.items}}{{this.quantity}} {{this.qty}} {{../cart.item_count}} {{../cart.count}}{{else}}{{cart.item_count}}{{/each}}';
      expect(ranges(checkPage(source))).to.deep.equal([
        'pages/index.hbs 1:41-1:49 unknown-field',
        'pages/index.hbs 1:77-1:90 unknown-field',
      ]);
    });

    it('keeps the context in {{#if}}/{{#unless}}, so ../ skips them as Handlebars does', () => {
      expect(
        checkPage('{{#each cart.items}}{{#if available}}{{../cart.item_count}}{{/if}}{{/each}}'),
      ).to.deep.equal([]);
    });

    it('knows @index, @first, @last and @key inside {{#each}}, and @root anywhere', () => {
      const source =
        '{{#each cart.items}}{{@index}} {{#if @first}}f{{/if}}{{@key}} {{@last}} {{@root.cart.item_count}} {{@root.carts}} {{@index.foo}}{{/each}}';
      const findings = checkPage(source);
      expect(ranges(findings)).to.deep.equal([
        'pages/index.hbs 1:101-1:112 undefined-variable',
        'pages/index.hbs 1:117-1:127 unknown-field',
      ]);
      expect(findings[0].message).to.include('did you mean `cart`?');
      expect(findings[1].message).to.equal('`foo` is not a field of `@index` (an integer)');
    });

    it('reads length of arrays and strings, and numeric indexes of arrays', () => {
      expect(
        checkPage('{{cart.items.length}} {{cart.items.0.url}} {{auth.user.email.length}}'),
      ).to.deep.equal([]);
      expect(ranges(checkPage('{{cart.items.count}}'))).to.deep.equal([
        'pages/index.hbs 1:3-1:19 unknown-field',
      ]);
    });

    it('iterates object values with {{#each}}', () => {
      expect(checkPage('{{#each form.values}}{{length}}{{/each}}')).to.deep.equal([]);
    });
  });

  describe('the page scope', () => {
    it('reports an unknown root name with the closest registry name', () => {
      const findings = checkPage('\n  {{carts.item_count}}');
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 2:5-2:21 undefined-variable']);
      expect(findings[0].message).to.equal(
        '`carts` is not defined: no template object, {{set}} value or block parameter has this name; did you mean `cart`?',
      );
    });

    it('knows {{set}} names in every template, the layout included, with their types', () => {
      const files = {
        'layouts/base.hbs': '<title>{{title}} {{titel}}</title>{{#block "content"}}{{/block}}',
        'pages/index.hbs': '{{#extends "layouts/base"}}{{set title="Home"}}{{/extends}}',
      };
      const findings = checkFiles(files);
      expect(ranges(findings)).to.deep.equal(['layouts/base.hbs 1:20-1:25 undefined-variable']);
      expect(findings[0].message).to.include('did you mean `title`?');
      expect(ranges(checkFiles({ ...files, 'pages/a.hbs': '{{title.foo}}' }))).to.include(
        'pages/a.hbs 1:3-1:12 unknown-field',
      );
    });

    it('types a {{set}} from a field', () => {
      const files = {
        'pages/index.hbs': `${FIND}{{set shown=product.price}}{{/with}}{{shown.formatted}} {{shown.nope}}`,
      };
      expect(ranges(checkFiles(files))).to.deep.equal(['pages/index.hbs 1:122-1:132 unknown-field']);
    });

    it('finds a {{set}} deep in blocks and in a subexpression, but not a block parameter named set', () => {
      // The {{set}} pass walks only the statements with a `set` inside: these must all be reached.
      const findings = checkPage(
        `<p>text</p>{{#if auth.check}}<p>{{site.name}}</p>{{else}}${FIND}{{#each product.variants}}{{set deep=product.price}}{{/each}}{{/with}}{{/if}}` +
          '{{deep.formatted}} {{deep.nope}} {{#if (set sub="x")}}{{/if}}{{sub.nope}} ' +
          '{{#with (products.find slug="a") as |set|}}{{set q=1}}{{/with}}{{q}}',
      );
      expect(findings.map((f) => `${f.code} ${f.message.split(/[;:]/)[0]}`)).to.deep.equal([
        'unknown-field `nope` is not a field of `deep` (money.json)',
        'unknown-field `nope` is not a field of `sub` (a string)',
        'undefined-variable `q` is not defined',
      ]);
    });

    it('says nothing where a schema allows anything (request, site, csrf_token, form.values)', () => {
      expect(
        checkPage(
          '{{request.params.slug}} {{request.anything.at.all}} {{site.name}} {{csrf_token}} {{form.values.whatever}} {{form.fields.email}}',
        ),
      ).to.deep.equal([]);
    });

    it('reads nullable fields (auth.user, cart.total_price) through their non-null branch', () => {
      expect(
        checkPage(
          '{{auth.user.display_name}} {{auth.user.membership.joined_at}} {{cart.total_price.formatted}}',
        ),
      ).to.deep.equal([]);
      const findings = checkPage('{{auth.user.nmae}}');
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 1:3-1:17 unknown-field']);
      expect(findings[0].message).to.equal(
        '`nmae` is not a field of `auth.user` (auth.json#/definitions/user); its fields: id, display_name, email, email_verified, phone, membership',
      );
    });

    it('does not report the data calls (the engine does), nor paths inside an unknown helper’s body', () => {
      expect(checkPage('{{#with (products.findd slug="x") as |p|}}{{p.anything}}{{/with}}')).to.deep.equal(
        [],
      );
      expect(checkPage('{{#custom cart}}{{whatever.at.all}}{{/custom}}')).to.deep.equal([]);
    });

    it('lets a block parameter shadow a helper of the same name', () => {
      expect(ranges(checkPage('{{#each cart.items as |date|}}{{date.nope}}{{/each}}'))).to.deep.equal([
        'pages/index.hbs 1:33-1:42 unknown-field',
      ]);
    });
  });

  describe('partials', () => {
    it('checks a partial against what `this` is at its call sites', () => {
      const findings = checkFiles({
        'pages/index.hbs':
          '{{#with (products.paginate) as |l|}}{{#each l.items}}{{> card}}{{/each}}{{/with}}',
        'partials/card.hbs': '{{name}} {{price.formatted}}\n{{nme}}',
      });
      expect(ranges(findings)).to.deep.equal(['partials/card.hbs 2:3-2:6 unknown-field']);
      expect(findings[0].message).to.include('(product.json); did you mean `name`?');
    });

    it('knows the hash parameters of the call, on top of the caller’s context', () => {
      const findings = checkFiles({
        'pages/index.hbs': '{{> card item=(products.find slug=request.params.slug)}}',
        'partials/card.hbs': '{{item.name}} {{cart.item_count}} {{item.nme}} {{nope}}',
      });
      expect(ranges(findings)).to.deep.equal([
        'partials/card.hbs 1:37-1:45 unknown-field',
        'partials/card.hbs 1:50-1:54 undefined-variable',
      ]);
    });

    it('sees the context a {{#with}} gives the call site, not the page scope', () => {
      const findings = checkFiles({
        'pages/index.hbs': `${FIND}{{> card item=product}}{{/with}}`,
        'partials/card.hbs': '{{item.name}} {{slug}} {{cart.item_count}}',
      });
      expect(ranges(findings)).to.deep.equal(['partials/card.hbs 1:26-1:41 unknown-field']);
    });

    it('unions the contexts of several call sites: a field known at any is known', () => {
      expect(
        checkFiles({
          'pages/a.hbs': `${FIND}{{#with product}}{{> p}}{{/with}}{{/with}}`,
          'pages/b.hbs':
            '{{#with (orders.find id=request.params.id) as |o|}}{{#with o}}{{> p}}{{/with}}{{/with}}',
          'partials/p.hbs': '{{slug}} {{number}}',
        }),
      ).to.deep.equal([]);
    });

    it('follows partials called from partials, and an explicit context parameter', () => {
      const findings = checkFiles({
        'pages/index.hbs': `${FIND}{{> outer product}}{{/with}}`,
        'partials/outer.hbs': '{{#each variants}}{{> inner}}{{/each}}',
        'partials/inner.hbs': '{{sku}} {{skus}}',
      });
      expect(ranges(findings)).to.deep.equal(['partials/inner.hbs 1:11-1:15 unknown-field']);
    });

    it('treats `this` of a partial nobody calls as anything (no false positives)', () => {
      expect(
        checkFiles({ 'partials/loose.hbs': '{{anything.at.all}} {{@root.cart.item_count}}' }),
      ).to.deep.equal([]);
      expect(ranges(checkFiles({ 'partials/loose.hbs': '{{@root.cartt}}' }))).to.deep.equal([
        'partials/loose.hbs 1:3-1:14 undefined-variable',
      ]);
    });

    it('settles on recursive partials', () => {
      expect(
        checkFiles({
          'pages/index.hbs': '{{#with (orders.find id="x") as |o|}}{{> tree o}}{{/with}}',
          'partials/tree.hbs': '{{number}}{{#each lines}}{{> tree}}{{/each}}',
        }),
      ).to.deep.equal([]);
    });
  });

  describe('helper arguments', () => {
    it('reports a path of another type than the helper declares', () => {
      const findings = checkPage(`${FIND}{{date product.name}}{{/with}}`);
      expect(ranges(findings)).to.deep.equal(['pages/index.hbs 1:71-1:83 helper-argument-type']);
      expect(findings[0].message).to.equal(
        '`date` takes a date-time string (JSON Schema format date-time), but `product.name` is a string',
      );
    });

    it('accepts date-time fields, nullable ones too', () => {
      const source =
        '{{#with (orders.find id=request.params.id) as |o|}}{{date o.placed_at}}{{#each o.shipments}}{{date shipped_at}}{{/each}}{{/with}}{{date auth.user.membership.joined_at}}{{date request.query.since}}';
      expect(checkPage(source)).to.deep.equal([]);
    });

    it('checks urlencode (text), gt/lt (numbers) and asset (a string literal)', () => {
      const source = `${FIND}{{urlencode product.price}} {{#if (gt product.variants.length 1)}}{{/if}}{{#if (lt product.name 2)}}{{/if}} {{asset product.slug}} {{asset "css/a.css"}} {{urlencode product.slug}} {{urlencode @root.request.path}}{{/with}}`;
      expect(ranges(checkPage(source))).to.deep.equal([
        'pages/index.hbs 1:76-1:89 helper-argument-type',
        'pages/index.hbs 1:147-1:159 helper-argument-type',
        'pages/index.hbs 1:180-1:192 helper-argument-type',
      ]);
    });

    it('types subexpressions by their helper (comparisons give booleans)', () => {
      expect(ranges(checkPage('{{date (eq 1 2)}}'))).to.deep.equal([
        'pages/index.hbs 1:8-1:16 helper-argument-type',
      ]);
    });
  });
});

describe('theme/types: themeTypeContext + typeCheckTemplate (one file, as the language server calls it)', () => {
  it('checks one template with the theme’s context', () => {
    const page = parseTemplate('{{title}} {{cart.itme_count}}', 'pages/x.hbs');
    const context = themeTypeContext(
      [
        { file: 'pages/x.hbs', ast: page },
        { file: 'pages/y.hbs', ast: parseTemplate('{{set title="Y"}}', 'pages/y.hbs') },
        { file: 'pages/broken.hbs', ast: null },
      ],
      { objects: TEMPLATE_OBJECTS },
    );
    const findings = typeCheckTemplate(page, 'pages/x.hbs', context);
    expect(findings.map((f) => [f.code, f.line, f.column, f.endLine, f.endColumn])).to.deep.equal([
      ['unknown-field', 1, 13, 1, 28],
    ]);
    expect(findings[0].message).to.include('did you mean `item_count`?');
  });
});

// `storefront sites add|update|list` with --locale, run in this process on SQLite and MariaDB.
import { expect } from 'chai';
import { storefront } from '../helpers/cli.js';
import { forEachEngine } from '../helpers/engines.js';
import { prepareDatabase } from '../helpers/server.js';

forEachEngine('bin/sites (storefront sites)', ({ url }) => {
  before(async function () {
    this.timeout(60000);
    await prepareDatabase(url(), { seed: false });
  });

  it('adds a site with a locale in its canonical form, and `en` without one', async () => {
    const add = await storefront([
      'sites',
      'add',
      'fr.example',
      '--name',
      'Boutique',
      '--locale',
      'FR-ca',
      '--database',
      url(),
      '--json',
    ]);
    expect(add.code, add.stderr).to.equal(0);
    expect(JSON.parse(add.stdout)).to.include({ host: 'fr.example', name: 'Boutique', locale: 'fr-CA' });
    const plain = await storefront(['sites', 'add', 'en.example', '--database', url()]);
    expect(plain.code, plain.stderr).to.equal(0);
    expect(plain.stdout).to.equal(
      `Added site en.example (en.example, en), id ${/id (\S+)/.exec(plain.stdout)![1]}\n`,
    );
    const list = await storefront(['sites', 'list', '--database', url(), '--json']);
    const sites = JSON.parse(list.stdout) as Array<{ host: string | null; locale: string }>;
    expect(sites.map((s) => `${s.host} ${s.locale}`)).to.deep.equal([
      'null en',
      'en.example en',
      'fr.example fr-CA',
    ]);
  });

  it('updates the name and locale of a site', async () => {
    const run = await storefront([
      'sites',
      'update',
      'en.example',
      '--locale',
      'pt-br',
      '--name',
      'Loja',
      '--database',
      url(),
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('Updated site en.example (Loja, pt-BR)\n');
    const only = await storefront([
      'sites',
      'update',
      'en.example',
      '--locale',
      'en-GB',
      '--database',
      url(),
      '--json',
    ]);
    expect(JSON.parse(only.stdout)).to.include({ name: 'Loja', locale: 'en-GB' });
  });

  it('updates the default site when no host is given', async () => {
    const run = await storefront(['sites', 'update', '--locale', 'fr', '--database', url()]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^Updated site \(default\) \(.+, fr\)\n$/);
    const list = JSON.parse(
      (await storefront(['sites', 'list', '--database', url(), '--json'])).stdout,
    ) as Array<{
      host: string | null;
      locale: string;
    }>;
    expect(list.find((s) => s.host === null)?.locale).to.equal('fr');
  });

  it('refuses a bad locale, an unknown host and an update with nothing to change, in one line', async () => {
    const bad = await storefront(['sites', 'update', 'en.example', '--locale', 'en_GB', '--database', url()]);
    expect(bad.code).to.equal(1);
    expect(bad.stderr.trim().split('\n')).to.have.length(1);
    expect(bad.stderr).to.include(
      'not a valid locale: "en_GB" (use a BCP 47 tag such as en, en-GB, fr, pt-BR)',
    );
    const badAdd = await storefront(['sites', 'add', 'x.example', '--locale', 'nope!', '--database', url()]);
    expect(badAdd.code).to.equal(1);
    expect(badAdd.stderr).to.include('not a valid locale: "nope!"');
    const unknown = await storefront([
      'sites',
      'update',
      'nowhere.example',
      '--locale',
      'fr',
      '--database',
      url(),
    ]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('no site for host "nowhere.example"');
    const nothing = await storefront(['sites', 'update', 'en.example', '--database', url()]);
    expect(nothing.code).to.equal(2);
    expect(nothing.stderr).to.include('give --name and/or --locale');
    const list = JSON.parse(
      (await storefront(['sites', 'list', '--database', url(), '--json'])).stdout,
    ) as Array<{
      host: string | null;
    }>;
    expect(list.map((s) => s.host)).not.to.include('x.example');
  });
});

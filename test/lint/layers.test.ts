// The layer rule of eslint.config.js (imports point down only), run through ESLint's API on sources
// placed in each layer: an upward import fails `npm run lint`, a downward one passes.
import { expect } from 'chai';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The no-restricted-imports messages for `code` as if it were the file at path. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint/layers', () => {
  const upward: Array<[string, string]> = [
    ['runtime/theme/helpers/x.ts', "import { createApp } from '../../app.js';"],
    ['runtime/theme/x.ts', "import { cartObject } from '../cart/template.js';"],
    ['runtime/money.ts', "import { renderPage } from './http/pages.js';"],
    ['runtime/db.ts', "import { findCredentials } from './accounts/store.js';"],
    ['runtime/orders/x.ts', "import { renderPage } from '../http/pages.js';"],
    ['runtime/cart/service.ts', "import { TEMPLATE_OBJECTS } from '../template-objects.js';"],
    ['runtime/accounts/store.ts', "import type { AppDeps } from '../deps.js';"],
    ['runtime/http/pages.ts', "import { devRoutes } from '../../devserver/routes.js';"],
    ['runtime/app.ts', "import { main } from '../bin/cli.js';"],
    ['devserver/x.ts', "import { main } from '../bin/cli.js';"],
  ];
  for (const [path, code] of upward) {
    it(`refuses ${path}: ${code}`, async () => {
      const errors = await layerErrors(path, code);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include('must not import upward');
    });
  }

  const downward: Array<[string, string]> = [
    ['runtime/theme/x.ts', "import { money } from '../money.js';"],
    ['runtime/orders/x.ts', "import { isUuid } from '../ids.js';"],
    ['runtime/checkout/x.ts', "import { cartLinesForSession } from '../cart/store.js';"],
    ['runtime/cart/routes.ts', "import { bodyOf } from '../http/body.js';"],
    ['runtime/http/x.ts', "import { resolveAuth } from './visitor.js';"],
    ['devserver/x.ts', "import { createApp } from '../runtime/app.js';"],
    ['bin/commands/x.ts', "import { startDev } from '../../devserver/start.js';"],
  ];
  for (const [path, code] of downward) {
    it(`allows ${path}: ${code}`, async () => {
      expect(await layerErrors(path, code)).to.deep.equal([]);
    });
  }
});

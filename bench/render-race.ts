// The engine's render against plain Handlebars for /products and a product page, without the load
// runs of the `products` scenario: for trying a change to the render path in a minute.
//   npm run build && npx tsx bench/render-race.ts [--rounds 3] [--ms 1500]   (the engine raced is the built dist/)
import { starterThemeDir } from '../runtime/paths.js';
import { captureServe, startCeilings } from './ceilings.js';
import { sqliteDatabase } from './databases.js';
import { startServe } from './serve-process.js';
import { withTeardown } from './teardown.js';
import { flagValue } from './script-args.js';

const args = process.argv.slice(2);
const value = (flag: string, fallback: number) => Number(flagValue(args, flag, String(fallback)));

await withTeardown(async (t) => {
  const databaseUrl = await sqliteDatabase(t);
  const serve = await startServe(t, { databaseUrl });
  const paths = ['/products', '/products/fernhill-house-blend'];
  const ceilings = await startCeilings(t, await captureServe(serve.url, paths, databaseUrl, starterThemeDir));
  for (let round = 0; round < value('--rounds', 3); round++)
    for (const path of paths) {
      const res = await fetch(
        `${ceilings.url}/render-bench?path=${encodeURIComponent(path)}&ms=${value('--ms', 1500)}`,
      );
      const r = (await res.json()) as { engine_per_s: number; plain_per_s: number };
      console.log(
        `${path}: engine ${r.engine_per_s}/s, plain ${r.plain_per_s}/s, ratio ${(r.engine_per_s / r.plain_per_s).toFixed(2)}`,
      );
    }
});

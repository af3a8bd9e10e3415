// Child process of request-log.test.ts: an app with the default (buffered stdout) request log,
// stopped by runtime/server.ts's SIGTERM handling; each /slow request takes a few milliseconds.
import Koa from 'koa';
import { requestLog } from '../../../runtime/http/request-log.js';
import { listen, onShutdownSignal } from '../../../runtime/server.js';
import type { AppState } from '../../../runtime/http/state.js';

const app = new Koa<AppState>();
app.use(requestLog());
app.use(async (ctx) => {
  await new Promise((r) => setTimeout(r, 3));
  ctx.body = 'ok';
});
const running = await listen(app, '127.0.0.1', 0);
onShutdownSignal(() => running.close(5000));
process.stderr.write(`listening ${running.url}\n`);

// Child-process entry of the STATIC ceiling for one answer (spawned with `node --import tsx`):
//   replay-server.ts <captureFile> <port>
// Bare Koa on 127.0.0.1:<port> sending one captured answer (status, headers, body) from memory for
// every path but /healthz: the most this stack can serve for those bytes on this machine.
import { readFileSync } from 'node:fs';
import Koa from 'koa';
import { listenUntilStopped } from './child-entry.js';
import type { CapturedResponse } from './ceilings.js';

const [captureFile, port] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(captureFile, 'utf8')) as CapturedResponse;
const body = Buffer.from(answer.body, 'base64');

const app = new Koa();
app.use((ctx) => {
  if (ctx.path === '/healthz') {
    ctx.body = 'ok';
    return;
  }
  ctx.status = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.body = body;
});
listenUntilStopped(app, Number(port));

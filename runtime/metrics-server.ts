// /metrics on its own listener (loopback by default), so the shop's public port never exposes it.
// With --workers N the primary answers for all workers: prom-client's AggregatorRegistry asks each
// one over the cluster IPC channel and sums their series.
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';
import { collectProcessMetrics, registry } from './metrics.js';
import { ListenError } from './server.js';

/** A listening metrics endpoint. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Lets the cluster primary collect this worker's metrics (call in each worker). */
export function shareMetricsWithPrimary(): void {
  if (!cluster.isWorker) return;
  collectProcessMetrics();
  client.AggregatorRegistry.setRegistries([registry]);
}

/** Serves GET /metrics at host:port: this process's metrics, or every worker's when `aggregate`. */
export async function startMetricsServer(
  host: string,
  port: number,
  options: { aggregate?: boolean } = {},
): Promise<MetricsServer> {
  collectProcessMetrics();
  const aggregator = options.aggregate ? new client.AggregatorRegistry() : null;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: try /metrics\n');
      return;
    }
    const scrape = aggregator ? aggregator.clusterMetrics() : registry.metrics();
    scrape.then(
      (body) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: Error) => {
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`metrics failed: ${err.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new ListenError(
              `metrics port ${port} on ${host} is already in use (choose another with --metrics)`,
            )
          : err,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

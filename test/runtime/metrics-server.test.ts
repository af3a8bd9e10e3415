// /metrics on its own listener: Prometheus text with request counts by route pattern, pool
// gauges and 503 causes, after real requests to the real app.
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import { startMetricsServer, type MetricsServer } from '../../runtime/metrics-server.js';
import { registry } from '../../runtime/metrics.js';
import { seriesValue } from '../helpers/metrics.js';

describe('runtime/metrics-server', () => {
  let server: TestServer;
  let metrics: MetricsServer;
  let cleanup: () => void;

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url);
    metrics = await startMetricsServer('127.0.0.1', 0);
  });
  after(async () => {
    await metrics.close();
    await server.close();
    cleanup();
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    const scrape = async () => (await fetch(metrics.url)).text();
    const before = await scrape();
    const browser = new TestBrowser(server.url);
    const slug = /href="\/products\/([^"/?]+)"/.exec((await browser.get('/products')).text)![1];
    await browser.get(`/products/${slug}`);
    await browser.get('/products/no-such-product-xyz');
    await browser.get('/no/such/page/123');
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      seriesValue(after, 'storefront_http_requests_total', labels) -
      seriesValue(before, 'storefront_http_requests_total', labels);
    expect(delta({ route: '/products', method: 'GET', status: '200' })).to.equal(1);
    expect(delta({ route: '/products/:slug', method: 'GET', status: '200' })).to.equal(1);
    expect(delta({ route: '/products/:slug', method: 'GET', status: '404' })).to.equal(1);
    expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).to.equal(1);
    expect(after).not.to.include(slug);
    expect(after).not.to.include('no-such-product-xyz');
    expect(after).to.match(/storefront_http_request_duration_seconds_bucket\{[^}]*route="\/products"/);
  });

  it('exports pool gauges, the password queue, and the counters operators alert on', async () => {
    const res = await fetch(metrics.url);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal(registry.contentType);
    const text = await res.text();
    expect(text).to.match(/storefront_db_pool_connections\{pool="primary",state="(used|free|waiting)"\} \d+/);
    for (const name of [
      'storefront_unavailable_total',
      'storefront_db_query_deadline_missed_total',
      'storefront_db_write_conflict_retries_total',
      'storefront_rate_limit_refusals_total',
      'storefront_password_hash_queue_length',
      'storefront_process_resident_memory_bytes',
    ])
      expect(text, name).to.include(`# TYPE ${name} `);
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).to.equal(404);
    expect((await fetch(metrics.url, { method: 'POST' })).status).to.equal(404);
  });

  it('is not served on the shop port', async () => {
    expect((await new TestBrowser(server.url).get('/metrics')).status).to.equal(404);
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

type CounterOptions<L extends string> = { name: string; help: string; labelNames?: readonly L[] };
type GaugeOptions<L extends string> = CounterOptions<L> & {
  collect?: (this: Gauge<L>) => void | Promise<void>;
};

/**
 * One process's Prometheus metrics, in a registry of its own (never prom-client's global one), so a test can build
 * several apps side by side. Metrics are made on first use by name: asking twice returns the same series.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Every HTTP answer: method, the Express route pattern (never the raw URL) and the status code. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers: [this.registry],
    });
  }

  counter<L extends string>(options: CounterOptions<L>): Counter<L> {
    const known = this.registry.getSingleMetric(options.name);
    if (known) return known as Counter<L>;
    return new Counter({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  gauge<L extends string>(options: GaugeOptions<L>): Gauge<L> {
    const known = this.registry.getSingleMetric(options.name);
    if (known) return known as Gauge<L>;
    return new Gauge({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  histogram<L extends string>(options: CounterOptions<L> & { buckets?: number[] }): Histogram<L> {
    const known = this.registry.getSingleMetric(options.name);
    if (known) return known as Histogram<L>;
    return new Histogram({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  /** Serves another registry's metrics from this one too (metrics made before the app that serves them). */
  adopt(other: Metrics): void {
    for (const metric of other.registry.getMetricsAsArray()) {
      // Typed as plain objects by prom-client, they are the metric instances themselves.
      if (!this.registry.getSingleMetric(metric.name))
        this.registry.registerMetric(metric as unknown as Metric);
    }
  }

  /** The exposition text and its content type. */
  async expose(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * Names the route of a request that no Express route matched but that has a fixed meaning (a proxied service, a
 * read answered from memory), for the HTTP histogram. Never pass anything taken from the URL.
 */
export function setMetricsRoute(res: ServerResponse, route: string): void {
  (res as ServerResponse & { metricsRoute?: string }).metricsRoute = route;
}

const namedRoute = (res: ServerResponse) => (res as ServerResponse & { metricsRoute?: string }).metricsRoute;
const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

function routeOf(req: Request, res: Response): string {
  const named = namedRoute(res);
  if (named) return named;
  const path = req.route?.path as unknown;
  return typeof path === 'string' ? req.baseUrl + path : 'unmatched';
}

/** Express middleware: one histogram observation when the answer is finished. */
export function httpMetrics(metrics: Metrics) {
  const histogram = metrics.httpDuration;
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      histogram.observe(
        { method: req.method, route: routeOf(req, res), status_code: res.statusCode },
        secondsSince(started),
      );
    });
    next();
  };
}

/**
 * Times a request a handler run before Express may answer (createHttpApp's `first`): an answer given there is
 * observed under the route `fast-lane` (unless named with setMetricsRoute). Returns what to call when the request
 * is passed on to Express instead, where httpMetrics observes it.
 */
export function timeBeforeExpress(metrics: Metrics, req: IncomingMessage, res: ServerResponse): () => void {
  const started = process.hrtime.bigint();
  let passedOn = false;
  res.once('finish', () => {
    if (passedOn) return;
    metrics.httpDuration.observe(
      { method: req.method ?? 'GET', route: namedRoute(res) ?? 'fast-lane', status_code: res.statusCode },
      secondsSince(started),
    );
  });
  return () => {
    passedOn = true;
  };
}

/** A plain node handler for GET /metrics alone (the gateway's separate metrics port); 404 for anything else. */
export function metricsHandler(metrics: Metrics) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'Only GET /metrics here' } }));
      return;
    }
    metrics.expose().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'internal', message: 'Could not collect the metrics' } }));
      },
    );
  };
}

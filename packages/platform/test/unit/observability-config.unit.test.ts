// The `observability` compose profile's configuration (infra/observability): Prometheus scrapes every process that
// serves /metrics, the collector's pipelines name only what it defines, and the dashboard asks for series the code
// really exports.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(__dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  dns_sd_configs?: { names: string[]; type: string; port: number }[];
  static_configs?: { targets: string[] }[];
}

/** Every `name: '<metric>'` the gateway, the platform and the services register. */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/name: '([a-z_]+)',\s*\n\s*help:/g))
          names.add(m[1]!);
    }
  };
  for (const dir of ['packages/platform/src', 'packages/workbench/src', 'gateway/src', 'services'])
    walk(join(root, dir));
  return names;
}

describe('observability profile configuration', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; profiles?: string[] }>;
  };
  const prometheus = parse(read('infra/observability/prometheus.yml')) as {
    scrape_configs: ScrapeConfig[];
  };
  const targets = prometheus.scrape_configs.flatMap((c) => [
    ...(c.dns_sd_configs ?? []).flatMap((d) => d.names.map((n) => `${n}:${d.port}`)),
    ...(c.static_configs ?? []).flatMap((s) => s.targets),
  ]);

  it('When Prometheus scrapes, then every service on its compose port and the gateway on its metrics port are targets', () => {
    const services = Object.entries(compose.services).filter(([, s]) => s.environment?.PORT && !s.profiles);
    expect(services.length).toBeGreaterThanOrEqual(6);
    for (const [name, s] of services) {
      const port = name === 'gateway' ? Number(s.environment!.PORT) + 1000 : Number(s.environment!.PORT);
      expect(targets).toContain(`${name}:${port}`);
    }
    for (const c of prometheus.scrape_configs) expect(c.metrics_path ?? '/metrics').toBe('/metrics');
  });

  it('When the profile runs, then every app process is given the OTLP endpoint and the tools are only in the profile', () => {
    const tools = ['otel-collector', 'jaeger', 'prometheus', 'grafana'];
    for (const t of tools) expect(compose.services[t]?.profiles).toEqual(['observability']);
    const apps = Object.entries(compose.services).filter(
      ([name, s]) => !s.profiles && !['mongo', 'kafka', 'redis', 'minio', 'balancer'].includes(name),
    );
    expect(apps.map(([n]) => n).sort()).toEqual(
      ['contracts', 'contracts-worker', 'content', 'gateway', 'media', 'partners', 'status'].sort(),
    );
    for (const [, s] of apps)
      expect(s.environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    const env = read('infra/observability/observability.env');
    expect(env).toMatch(/^COMPOSE_PROFILES=observability$/m);
    expect(env).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT=http:\/\/otel-collector:4318$/m);
  });

  it('When the collector starts, then each pipeline uses only receivers, processors, exporters and connectors it defines', () => {
    const otel = parse(read('infra/observability/otel-collector.yaml')) as Record<
      string,
      Record<string, unknown>
    > & { service: { pipelines: Record<string, Record<string, string[]>> } };
    const defined = (kind: string) => Object.keys(otel[kind] ?? {});
    for (const [name, p] of Object.entries(otel.service.pipelines)) {
      for (const r of p.receivers ?? [])
        expect([name, [...defined('receivers'), ...defined('connectors')]]).toEqual([
          name,
          expect.arrayContaining([r]),
        ]);
      for (const x of p.processors ?? []) expect(defined('processors')).toContain(x);
      for (const e of p.exporters ?? [])
        expect([...defined('exporters'), ...defined('connectors')]).toContain(e);
    }
    expect(otel.receivers!.otlp).toMatchObject({ protocols: { http: { endpoint: '0.0.0.0:4318' } } });
  });

  it('When Grafana loads the dashboard, then every panel queries series the processes export', () => {
    const dashboard = JSON.parse(read('infra/observability/grafana/dashboards/12yards-overview.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const exported = exportedMetrics();
    expect(exported).toContain('http_request_duration_seconds');
    const used = dashboard.panels.flatMap((p) =>
      p.targets.flatMap((t) =>
        // Metric names: identifiers outside `by (...)` that a selector, range or closing bracket follows.
        [
          ...t.expr
            .replace(/\bby\s*\([^)]*\)/g, '')
            .matchAll(/\b([a-z_]+?)(?:_bucket|_count|_sum)?\s*[[{()]/g),
        ]
          .map((m) => m[1]!)
          .filter((n) => n.includes('_') && !['histogram_quantile'].includes(n)),
      ),
    );
    expect(new Set(used).size).toBeGreaterThanOrEqual(9);
    for (const name of used) expect([name, exported.has(name)]).toEqual([name, true]);
    expect(dashboard.panels.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'HTTP p95 latency by route',
        'Events appended and published',
        'Outbox relay backlog',
        'Consumer lag (p95 delivery delay)',
        'Job failures',
        'Rate-limit rejections',
      ]),
    );
  });
});

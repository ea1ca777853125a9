import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';

/** Every family of an exposition text, parsed by a Prometheus text parser (it throws on a malformed line). */
export function families(text: string): Map<string, PrometheusFamily> {
  return new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
}

/** The value of the one sample of a counter or gauge family with exactly these labels (undefined: none). */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const family = families(text).get(name);
  const sample = family?.metrics.find(
    (m) =>
      JSON.stringify(Object.entries(m.labels ?? {}).sort()) === JSON.stringify(Object.entries(labels).sort()),
  );
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/**
 * One series of a histogram: its buckets, count and sum. The parser reads only a histogram without labels (it
 * folds labelled series together), so the text is cut down to the family's HELP/TYPE lines and the sample lines
 * carrying every one of these labels, with the series' labels dropped (`le` kept), before it is parsed.
 */
export function histogramSeries(text: string, name: string, labels: Record<string, string>) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const sample = new RegExp(`^${name}_(bucket|sum|count)\\{(.*)\\} `);
  const lines = text.split('\n').flatMap((line) => {
    if (line === `# TYPE ${name} histogram` || line.startsWith(`# HELP ${name} `)) return [line];
    const m = sample.exec(line);
    const given = m?.[2]!.split(/,(?=[a-z_]+=")/) ?? [];
    if (!m || !wanted.every((w) => given.includes(w))) return [];
    const le = given.find((l) => l.startsWith('le='));
    return [line.replace(/\{.*\}/, le ? `{${le}}` : '')];
  });
  const [family] = parsePrometheusTextFormat(`${lines.join('\n')}\n`);
  if (!family || family.type !== 'HISTOGRAM' || family.metrics.length === 0) return undefined;
  const [series] = family.metrics;
  return { buckets: series!.buckets ?? {}, count: Number(series!.count), sum: Number(series!.sum) };
}

import { createHash } from 'node:crypto';

/** The OpenAPI document as one self-contained HTML page: no script, one inline style allowed by its hash. */

type Json = Record<string, unknown>;

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:980px;padding:1rem 1.5rem;color:#1b1b1b}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #ddd;padding-bottom:.25rem;margin-top:2.5rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
article{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
article h3{margin:.25rem 0;font-size:1rem;display:flex;gap:.75rem;align-items:center}
.m{font:700 .8rem monospace;color:#fff;border-radius:4px;padding:.1rem .5rem;min-width:4rem;text-align:center}
.get{background:#1d6fb8}.post{background:#2e7d32}.put{background:#a15c00}.patch{background:#6a4c9c}.delete{background:#b3261e}
table{border-collapse:collapse;width:100%;margin:.25rem 0}th,td{text-align:left;border-bottom:1px solid #eee;padding:.2rem .5rem;vertical-align:top}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:.85rem}code{font-family:ui-monospace,monospace}
.who{color:#555;margin:.25rem 0}
`;

/** The Content-Security-Policy of the page: nothing but its own inline style. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function schemaText(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop()!;
    return `<a href="#schema-${esc(slug(name))}">${esc(name)}</a>`;
  }
  if (s.type === 'array' && s.items) return `array of ${schemaText(s.items)}`;
  return `<code>${esc(JSON.stringify(s))}</code>`;
}

function contentText(content: unknown): string {
  if (!content || typeof content !== 'object') return '';
  return Object.entries(content as Record<string, Json>)
    .map(([type, media]) => `<code>${esc(type)}</code> ${schemaText(media.schema)}`)
    .join('<br>');
}

function operation(path: string, method: string, op: Json): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const body = op.requestBody as Json | undefined;
  const responses = op.responses as Record<string, Json>;
  const parts = [
    `<h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span><code>${esc(path)}</code></h3>`,
    `<p>${esc(op.summary)}</p><p class="who">${esc(op.description)}</p>`,
  ];
  if (params.length > 0) {
    parts.push(
      '<table><caption>Parameters</caption><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>' +
        params
          .map(
            (p) =>
              `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${schemaText(p.schema)}</td></tr>`,
          )
          .join('') +
        '</table>',
    );
  }
  if (body) parts.push(`<p><strong>Body</strong>: ${contentText(body.content)}</p>`);
  parts.push(
    '<table><caption>Responses</caption><tr><th>status</th><th>meaning</th><th>body</th></tr>' +
      Object.entries(responses)
        .map(
          ([status, r]) =>
            `<tr><td>${esc(status)}</td><td>${esc(r.description)}</td><td>${contentText(r.content)}</td></tr>`,
        )
        .join('') +
      '</table>',
  );
  return `<article id="${esc(String(op.operationId))}">${parts.join('')}</article>`;
}

export function renderDocsPage(doc: Json): string {
  const info = doc.info as Json;
  const tags = (doc.tags as { name: string; description?: string }[]) ?? [];
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, unknown>;
  const sections = tags.map((tag) => {
    const ops = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.tags as string[]).includes(tag.name))
        .map(([method, op]) => operation(path, method, op)),
    );
    return (
      `<section id="tag-${esc(slug(tag.name))}"><h2>${esc(tag.name)}</h2>` +
      (tag.description ? `<p>${esc(tag.description)}</p>` : '') +
      ops.join('') +
      '</section>'
    );
  });
  const schemaList = Object.entries(schemas)
    .map(
      ([name, s]) =>
        `<section id="schema-${esc(slug(name))}"><h3>${esc(name)}</h3><pre>${esc(JSON.stringify(s, null, 2))}</pre></section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title><style>${STYLE}</style></head>
<body><header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)})</p>
<nav><ul>${tags.map((t) => `<li><a href="#tag-${esc(slug(t.name))}">${esc(t.name)}</a></li>`).join('')}<li><a href="#schemas">Schemas</a></li></ul></nav></header>
<main>${sections.join('\n')}<h2 id="schemas">Schemas</h2>${schemaList}</main></body></html>`;
}

import { createHash } from 'node:crypto';
import { buildOpenApiDocument, listEndpoints } from '@companion/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { VERSION } from '../version.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `/openapi.json` and a readable reference page at `/docs` (no external assets). */
export function registerDocs(app: FastifyInstance, env: Env): void {
  const endpoints = listEndpoints();
  const doc = buildOpenApiDocument(endpoints, { version: VERSION, serverUrl: env.apiUrl });
  const json = JSON.stringify(doc);

  app.get('/openapi.json', async (_request, reply) => {
    reply.type('application/json').header('cache-control', 'public, max-age=300');
    return json;
  });

  const byDomain = new Map<string, typeof endpoints>();
  for (const e of endpoints) byDomain.set(e.domain, [...(byDomain.get(e.domain) ?? []), e]);
  const sections = [...byDomain]
    .map(
      ([domain, list]) => `
  <section id="${domain}"><h2>${escapeHtml(domain)}</h2>
  ${list
    .map(({ name, endpoint: ep }) => {
      const op = (doc.paths as Record<string, Record<string, unknown>>)[ep.path.replace(/:(\w+)/g, '{$1}')]?.[
        ep.method.toLowerCase()
      ];
      return `<details id="${domain}.${name}"><summary><span class="m m-${ep.method}">${ep.method}</span> <code>${escapeHtml(
        ep.path,
      )}</code> — ${escapeHtml(ep.summary)}${ep.extension ? ' <em>(extension)</em>' : ''}</summary>
      ${ep.description ? `<p>${escapeHtml(ep.description)}</p>` : ''}
      <p>Auth: <b>${ep.auth}</b>${ep.verified ? ', verified email' : ''} · success ${ep.status}</p>
      <pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details>`;
    })
    .join('\n')}
  </section>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Companion API reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:980px;margin:0 auto;padding:1rem 1.25rem;color:#1b1d22;background:#fafafa}
h1{margin-bottom:.25rem}nav a{margin-right:.75rem}details{background:#fff;border:1px solid #ddd;border-radius:8px;margin:.4rem 0;padding:.4rem .8rem}
summary{cursor:pointer}pre{overflow:auto;background:#f3f3f5;padding:.75rem;border-radius:6px;font-size:13px}
.m{display:inline-block;min-width:4.2em;font:700 12px/1.8 monospace;text-align:center;border-radius:4px;color:#fff}
.m-GET{background:#0b6b3a}.m-POST{background:#1d4fb8}.m-PUT{background:#8a5a00}.m-DELETE{background:#a3162b}
@media (prefers-color-scheme:dark){body{background:#16171b;color:#e8e8ea}details{background:#1f2126;border-color:#333}pre{background:#111215}}
</style></head><body><main>
<h1>Companion API reference</h1>
<p>Every request is signed (see the SDK README). Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${[...byDomain.keys()].map((d) => `<a href="#${d}">${d}</a>`).join('')}</nav>
${sections}
</main></body></html>`;
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const DOCS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
  app.get('/docs', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    // Its one inline style block, by hash; nothing else runs or loads.
    reply.header('content-security-policy', DOCS_CSP);
    return html;
  });
}

/**
 * The human documentation at /docs: the integration guide (docs/*.md,
 * embedded) followed by an API reference rendered from the OpenAPI document.
 * Fully offline: inline CSS, no script, no font or CDN.
 */
import { marked } from "marked";
import platformChapter from "../../docs/guide.md" with { type: "text" };
import baziChapter from "../../docs/bazi.md" with { type: "text" };
import liuyaoChapter from "../../docs/liuyao.md" with { type: "text" };
import healingChapter from "../../docs/healing.md" with { type: "text" };
import responsesChapter from "../../docs/responses.md" with { type: "text" };

/** The guide's chapters in reading order: the platform first, then one per capability. */
const GUIDE = [platformChapter, baziChapter, liuyaoChapter, healingChapter, responsesChapter].join("\n\n");
import { ERROR_CATALOG, type ErrorCode } from "../platform/errors.ts";
import { GLOSSARY } from "../responses/data/glossary.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** Our own one-line descriptions: escaped, with `code` spans rendered as in the Markdown chapters. */
const inline = (s: string) => escape(s).replace(/`([^`]+)`/g, "<code>$1</code>");

type Schema = Record<string, any>;

function typeLabel(s: Schema): string {
  if (s.const !== undefined) return `<code>${escape(JSON.stringify(s.const))}</code>`;
  if (s.anyOf) return s.anyOf.map(typeLabel).join(" | ");
  if (s.enum) return s.enum.map((v: unknown) => `<code>${escape(JSON.stringify(v))}</code>`).join(" | ");
  if (s.type === "array") return `array of ${s.items ? typeLabel(s.items) : "any"}`;
  return escape(String(s.type ?? "any"));
}

function rules(s: Schema): string {
  const r: string[] = [];
  for (const [k, label] of [["minimum", "min"], ["maximum", "max"], ["minLength", "min length"], ["maxLength", "max length"], ["minItems", "min items"], ["maxItems", "max items"], ["pattern", "pattern"], ["format", "format"], ["default", "default"]] as const) {
    if (s[k] !== undefined) r.push(`${label} ${escape(JSON.stringify(s[k]))}`);
  }
  if (s.description) r.push(inline(s.description));
  return r.join("; ");
}

function fieldRows(s: Schema, prefix = ""): string {
  const props = s.properties as Record<string, Schema> | undefined;
  if (!props) return "";
  const required = new Set<string>(s.required ?? []);
  return Object.entries(props)
    .map(([name, child]) => {
      const row = `<tr><td><code>${escape(prefix + name)}</code></td><td>${typeLabel(child)}</td><td>${required.has(name) ? "yes" : "no"}</td><td>${rules(child)}</td></tr>`;
      const nested = child.type === "object" ? fieldRows(child, `${prefix}${name}.`) : child.type === "array" && child.items?.type === "object" ? fieldRows(child.items, `${prefix}${name}[].`) : "";
      return row + nested;
    })
    .join("");
}

function schemaTable(s: Schema): string {
  const rows = fieldRows(s);
  if (!rows) return "";
  const strict = s.additionalProperties === false ? "<p>No extra properties are allowed at any level.</p>" : "";
  return `${strict}<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th></tr>${rows}</table>`;
}

function operationHtml(method: string, path: string, op: Schema): string {
  const id = op.operationId ?? `${method}-${path}`;
  const params = (op.parameters ?? [])
    .map((p: Schema) => (p.$ref ? "<li><code>Idempotency-Key</code> header, required: one stable unique key per business write (≤ 255 printable ASCII)</li>" : `<li><code>${escape(p.name)}</code> (${escape(p.in)}): ${escape(p.description ?? "")} <code>${escape(p.schema?.pattern ?? "")}</code></li>`))
    .join("");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const codes = (r as Schema).content?.["application/json"]?.schema?.properties?.error?.properties?.code?.enum as ErrorCode[] | undefined;
      const text = codes ? codes.map((c) => `<code>${c}</code>`).join(", ") : inline((r as Schema).description ?? "");
      return `<tr><td>${status}</td><td>${text}</td></tr>`;
    })
    .join("");
  return `<section class="op" id="${escape(id)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary ?? "")}</p>${op.description ? marked.parse(op.description) : ""}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
${body ? `<h4>Request body</h4>${schemaTable(body)}` : ""}
<h4>Responses</h4><table><tr><th>Status</th><th>Meaning / error codes</th></tr>${responses}</table></section>`;
}

/** The terms the answers use, as the local interpreter explains them ("七杀是什么意思？"), in both languages. */
function glossaryTable(): string {
  const rows = GLOSSARY.map((g) => `<tr><td>${escape(g.term)}</td><td>${escape(g.en.join(", "))}</td><td lang="zh-Hans">${escape(g.zh)}</td><td>${escape(g.text)}</td></tr>`).join("");
  return `<p>The BaZi and LiuYao terms the answers use, as a Response explains them when asked what one means.</p><table><tr><th>Term</th><th>Asked in English as</th><th>中文</th><th>English</th></tr>${rows}</table>`;
}

function errorTable(): string {
  const rows = (Object.keys(ERROR_CATALOG) as ErrorCode[])
    .map((c) => `<tr><td>${ERROR_CATALOG[c].status}</td><td><code>${c}</code></td><td>${ERROR_CATALOG[c].retryable ? "yes" : "no"}</td><td>${inline(ERROR_CATALOG[c].description)}</td></tr>`)
    .join("");
  return `<table><tr><th>Status</th><th>Code</th><th>Retryable</th><th>Meaning and what to do</th></tr>${rows}</table>`;
}

const CSS = `body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:980px;margin:0 auto;padding:1.5rem;color:#1d1d1f}
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}:not(pre)>code{overflow-wrap:anywhere}pre{background:#f5f5f7;padding:.8rem;overflow:auto;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:.6rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.op{border-top:1px solid #ccc;margin-top:1.5rem}.m{font-size:.8em;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#555}
.get{background:#2b7a3d}.post{background:#1f5fa8}.patch{background:#8a5a00}.delete{background:#a02828}nav a{margin-right:1rem}`;

/** The address the guide's examples are written with, replaced by the one the page is served from. */
const EXAMPLE_ORIGIN = "http://localhost:3000";

/** The complete /docs page, its examples addressed to `origin`. */
export function renderDocsPage(openapi: Schema, origin: string = EXAMPLE_ORIGIN): string {
  const ops = Object.entries(openapi.paths as Record<string, Schema>)
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => operationHtml(method, path, op as Schema)))
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Lingshu API guide</title><style>${CSS}</style></head><body>
<nav><a href="#guide">Guide</a><a href="#glossary">Glossary</a><a href="#errors">Error codes</a><a href="#reference">API reference</a><a href="/openapi.json">openapi.json</a></nav>
<main id="guide">${marked.parse(GUIDE.replaceAll(EXAMPLE_ORIGIN, origin))}</main>
<h2 id="glossary">Glossary</h2>${glossaryTable()}
<h2 id="errors">Error codes</h2>${errorTable()}
<h2 id="reference">API reference</h2>${ops}
</body></html>`;
}

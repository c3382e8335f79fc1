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
import { API_ANSWER_HEADER_REFS, errorResponseObject } from "./openapi.ts";
import {
  ASSET_ALLOWED_METHODS, ASSET_ALLOWED_REQUEST_HEADERS, ASSET_CACHE_CONTROL, ASSET_EXPOSED_HEADERS, ASSET_PREFLIGHT_MAX_AGE_SECONDS, HEALING_AUDIO_PATH,
} from "../assets/audio.ts";

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
<nav><a href="#guide">Guide</a><a href="#errors">Error codes</a><a href="#reference">API reference</a><a href="/openapi.json">openapi.json</a></nav>
<main id="guide">${marked.parse(GUIDE.replaceAll(EXAMPLE_ORIGIN, origin))}</main>
<h2 id="errors">Error codes</h2>${errorTable()}
<h2 id="reference">API reference</h2>${ops}
</body></html>`;
}

const nullableString = (description: string) => ({ type: ["string", "null"], description });

/** The body of GET /health. */
const HEALTH_SCHEMA = {
  type: "object",
  required: ["status", "version", "build", "model"],
  properties: {
    status: { const: "ok" },
    version: { type: "string" },
    build: { type: "string", description: "The build: version+commit of the executable (`+source` when run from source); the same in `--version`, the `listening` log line and /openapi.json's `info.x-build`." },
    model: {
      type: "object",
      description: "Which interpreter answers Responses (configuration only; the model is not called).",
      required: ["interpreter", "model", "profile", "effort", "retires"],
      properties: {
        interpreter: { type: "string", enum: ["anthropic", "local"], description: "`anthropic` when ANTHROPIC_API_KEY is set, else the deterministic `local` interpreter." },
        model: { type: "string", description: "LINGSHU_MODEL, or `lingshu-local-1`." },
        profile: nullableString("The request profile used for this model (`conservative` for an id the service does not know); null for the local interpreter."),
        effort: { type: ["string", "null"], enum: ["low", "medium", "high", "xhigh", "max", null], description: "The effort sent with each request; null: none is sent." },
        retires: nullableString("The model's announced retirement date (YYYY-MM-DD), if any."),
      },
    },
  },
};

/** OpenAPI path items of the routes that are not business endpoints. */
export function operationalPaths(): Record<string, Record<string, unknown>> {
  const plain = (summary: string, description: string, responses: Record<string, unknown>) => ({
    get: { operationId: summary.replace(/\W+/g, "_").toLowerCase(), summary, description, tags: ["Operations"], security: [], responses },
  });
  // Operational answers carry what every API answer does: X-Request-Id, nosniff and no-store.
  const requestIdHeader = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, ...API_ANSWER_HEADER_REFS };
  const fixed = (description: string, value: string) => ({ description, schema: { type: "string", enum: [value] } });
  const corsHeaders = {
    "Access-Control-Allow-Origin": fixed("Any origin may play the file.", "*"),
    "Access-Control-Expose-Headers": fixed("The response headers a browser script may read.", ASSET_EXPOSED_HEADERS),
  };
  const contentRange = { description: "`bytes first-last/length`, or `bytes */length` on 416.", schema: { type: "string", pattern: "^bytes (\\d+-\\d+|\\*)/\\d+$" } };
  const assetHeaders = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    ...corsHeaders,
    ETag: { description: "Strong validator of the immutable file.", schema: { type: "string" } },
    "Last-Modified": { description: "The release date of this version of the file (an HTTP-date).", schema: { type: "string" } },
    "Accept-Ranges": fixed("Single byte ranges are served.", "bytes"),
    "Cache-Control": fixed("The versioned file never changes.", ASSET_CACHE_CONTROL),
    "X-Content-Type-Options": fixed("Browsers must not sniff another type.", "nosniff"),
  };
  const errorHeaders = { ...requestIdHeader, ...corsHeaders };
  const audio = { "audio/mpeg": { schema: { type: "string", format: "binary" } } };
  const assetResponses = {
    "200": { description: "The complete MP3.", headers: assetHeaders, content: audio },
    "206": { description: "The requested byte range, with `Content-Range`.", headers: { ...assetHeaders, "Content-Range": contentRange }, content: audio },
    "304": { description: "Not modified (`If-None-Match` or `If-Modified-Since` matched).", headers: assetHeaders },
    "412": { ...errorResponseObject(412, ["PRECONDITION_FAILED"]), headers: errorHeaders },
    "416": {
      ...errorResponseObject(416, ["RANGE_NOT_SATISFIABLE"]),
      headers: { ...errorHeaders, "Accept-Ranges": fixed("Single byte ranges are served.", "bytes"), "Content-Range": contentRange },
    },
  };
  const withoutContent = (responses: Record<string, Record<string, unknown>>) =>
    Object.fromEntries(Object.entries(responses).map(([status, { content: _content, ...rest }]) => [status, rest]));
  const asset = { tags: ["Healing"], security: [] };
  const assetGet = {
    operationId: "get_healing_audio",
    summary: "The music_breath_10 audio track",
    description: "Public (no key), immutable, cross-origin. Supports a single `Range`, `If-None-Match`, `If-Modified-Since`, `If-Range`, `If-Match` and `If-Unmodified-Since`; HEAD and an OPTIONS preflight are answered, any other method 405.",
    ...asset,
    responses: assetResponses,
  };
  const assetHead = {
    operationId: "head_healing_audio",
    summary: "The audio track's headers",
    description: "The answer GET would give, without its body.",
    ...asset,
    responses: withoutContent(assetResponses),
  };
  const assetOptions = {
    operationId: "preflight_healing_audio",
    summary: "CORS preflight for the audio track",
    description: "Lets a browser on any origin send GET and HEAD with the range and validator headers.",
    ...asset,
    responses: {
      "204": {
        description: "The methods and headers a cross-origin request may use.",
        headers: {
          ...requestIdHeader,
          ...corsHeaders,
          Allow: { $ref: "#/components/headers/Allow" },
          "Access-Control-Allow-Methods": fixed("The methods a cross-origin request may use.", ASSET_ALLOWED_METHODS),
          "Access-Control-Allow-Headers": fixed("The request headers a cross-origin request may send.", ASSET_ALLOWED_REQUEST_HEADERS),
          "Access-Control-Max-Age": { description: "Seconds a browser may cache this preflight.", schema: { type: "integer", enum: [ASSET_PREFLIGHT_MAX_AGE_SECONDS] } },
        },
      },
    },
  };
  return {
    [HEALING_AUDIO_PATH]: { get: assetGet, head: assetHead, options: assetOptions },
    "/health": plain("Service health", "200 whenever the process runs, with the version and which interpreter answers Responses. The model is reported, never called: a model outage does not change `/health` or `/ready`. No authentication.", {
      "200": {
        description: "The process runs.",
        headers: requestIdHeader,
        content: { "application/json": { schema: HEALTH_SCHEMA } },
      },
    }),
    "/ready": plain("Database readiness", "200 when the database answers, a write commits and every migration is applied, else 503; also 503 from the moment the instance is asked to shut down (SIGTERM), while it finishes its requests and `/health` stays 200. Names the database in use (`sqlite` or `postgresql`). No authentication.", {
      "200": {
        description: "Ready to serve.",
        headers: requestIdHeader,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["status", "database"],
              properties: {
                status: { const: "ready" },
                database: { type: "string", enum: ["sqlite", "postgresql"], description: "The database this instance uses: embedded SQLite, or PostgreSQL (DATABASE_URL)." },
                migrations: { type: "integer", description: "How many migrations are applied." },
              },
            },
          },
        },
      },
      "503": {
        description: "`SERVICE_UNAVAILABLE`: the database is not answering or migrations are not applied, or the instance is draining (shutting down; the message says so).",
        headers: { ...requestIdHeader, "Retry-After": { $ref: "#/components/headers/Retry-After" } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    }),
  };
}

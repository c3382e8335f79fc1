/**
 * Bad input at volume against the compiled binary, driven by its own /openapi.json:
 * every business operation in the document is fuzzed (an endpoint added later is
 * covered without touching this file), with fast-check values from a fixed seed.
 *
 * Phase A — requests that must be refused: a valid request with exactly one thing
 * broken (a body value against its schema at any depth, the Authorization header,
 * the capability, the path id, the Idempotency-Key, the Content-Type, the JSON
 * text, the body size, the method, the route). Asserted for each: not 2xx, not 5xx,
 * the error envelope with X-Request-Id = request_id, a status and code the OpenAPI
 * operation declares. Across the phase: the row count of every business table and
 * the billing units are unchanged, and no idempotency record is left in progress or
 * stored with a success.
 *
 * Phase B — mostly valid requests at the schema's limits (exact maxLength in odd
 * Unicode, min/max values, max items, exactly 64 KiB bodies, BOMs, content-type
 * variants, 255-character keys, reused keys) interleaved with phase-A mutations.
 * Asserted: never 5xx; errors in the envelope and declared; every row added to a
 * business table belongs to a request that was answered 2xx; every created immutable
 * resource reads back byte for byte.
 *
 * FUZZ_SEED=n picks another seed, FUZZ_REQUESTS=n another volume (default 6,000),
 * FUZZ_DEBUG=1 lists why valid-looking requests of phase B were refused.
 * The binary runs on SQLite, or on a fresh PostgreSQL database under LINGSHU_TEST_BACKEND=postgresql
 * (the same assertions, with the tables read through the same portable SQL).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { DEFAULT_BACKEND, LingshuBinary, errorShapeProblem, integrityCheck, pool, prng, type HttpAnswer, type Tenant } from "../helpers/binary.ts";
import { invalidValue, limitCases, operationsOf, validValue, type IdSource, type Operation } from "../helpers/openapi-fuzz.ts";
import { generateKey } from "../../src/platform/keys.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 6000);
const CONCURRENCY = 16;
const MAX_BODY = 64 * 1024;
/**
 * Tables of the platform itself (and any "__" bookkeeping table); every other table is a business table.
 * The probe and (on PostgreSQL) the shared limits change with every request, whatever it asks for.
 */
const PLATFORM_TABLES = new Set(["apps", "api_keys", "idempotency_records", "usage_months", "readiness_probe", "limit_buckets", "limit_leases"]);
const isPlatformTable = (name: string) => PLATFORM_TABLES.has(name) || name.startsWith("__") || name.startsWith("sqlite_");

interface FuzzRequest {
  n: number;
  label: string;
  method: string;
  path: string;
  headers: [string, string][];
  body: Uint8Array | null;
  /** fetch; raw bytes on a socket (headers fetch will not send); a chunked stream. */
  transport: "fetch" | "raw" | "stream";
  op: Operation | null;
  mustReject: boolean;
  /** Control characters or oversized heads: Bun's HTTP parser may refuse before the service sees it. */
  parserMayRefuse?: boolean;
  /** Odd routing (dot segments, encoded letters): any route outcome is fine, the envelope still applies. */
  routing?: boolean;
}

interface Outcome {
  req: FuzzRequest;
  answer?: HttpAnswer;
  error?: string;
  ms: number;
}

let bin: LingshuBinary;
let ops: Operation[];
let allTemplates: { template: string; matcher: RegExp; methods: string[] }[];
const principals: Record<string, string> = {};
let other: Tenant;
/** Ids bodies and reads may refer to, ids only DELETE may use, ids of another App. */
const refIds = new Map<string, string[]>();
const delIds = new Map<string, string[]>();
const otherIds = new Map<string, string[]>();
const enc = new TextEncoder();
const timings: Record<string, number> = {};

function addId(map: Map<string, string[]>, id: string) {
  const prefix = id.slice(0, id.indexOf("_") + 1);
  map.set(prefix, [...(map.get(prefix) ?? []), id]);
}
const idSource = (map: Map<string, string[]>): IdSource => ({
  ids: (prefix) => (prefix === null ? [...map.values()].flat() : map.get(prefix) ?? []),
});

/** A deterministic stream of choices for the parts fast-check does not draw. */

/** Row counts of every table. */
function rowCounts(): Promise<Record<string, number>> {
  return bin.readDatabase(async (db) => {
    const out: Record<string, number> = {};
    for (const t of await db.tables()) out[t] = await db.count(`"${t}"`);
    return out;
  });
}

function businessTables(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([t]) => !isPlatformTable(t)));
}

/** Every row of every business table, keyed by its primary key. */
function businessRows(): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  return bin.readDatabase(async (db) => {
    const out = new Map<string, Map<string, Record<string, unknown>>>();
    for (const t of (await db.tables()).filter((x) => !isPlatformTable(x))) {
      const pk = await db.primaryKey(t);
      const rows = new Map<string, Record<string, unknown>>();
      for (const row of await db.all<Record<string, unknown>>(`SELECT * FROM "${t}"`)) {
        rows.set(pk.length ? pk.map((c) => String(row[c])).join("\u0001") : JSON.stringify(row), row);
      }
      out.set(t, rows);
    }
    return out;
  });
}

/** A string as SQLite keeps it: bound as UTF-8, so a lone surrogate becomes U+FFFD (see the lone-surrogate test below). */
function asStored(value: unknown): string {
  return new TextDecoder().decode(enc.encode(String(value)));
}

function billingUnits(): Promise<number> {
  return bin.readDatabase(async (db) => Number((await db.get<{ n: number | string | null }>("SELECT sum(billing_units) AS n FROM usage_months"))?.n ?? 0));
}

async function must(method: string, path: string, body: unknown, status = 201): Promise<any> {
  const res = await bin.request(method, path, { body, idempotencyKey: `seed-${crypto.randomUUID()}` });
  if (res.status !== status) throw new Error(`seed ${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json;
}

// ── request building ────────────────────────────────────────────────────────

function concrete(op: Operation, ids: (prefix: string | null) => string): string {
  let path = op.template;
  for (const p of op.params) path = path.replace(`{${p.name}}`, encodeURIComponent(ids(p.prefix)));
  return path;
}

function baseRequest(n: number, op: Operation, phase: "A" | "B", body: unknown, pathIds: Map<string, string[]>, r: ReturnType<typeof prng>): FuzzRequest {
  const headers: [string, string][] = [["authorization", `Bearer ${principals.main}`]];
  if (op.idempotent) headers.push(["idempotency-key", `fz${phase}-${SEED}-${n}`]);
  let bytes: Uint8Array | null = null;
  if (op.body) {
    headers.push(["content-type", "application/json"]);
    bytes = enc.encode(JSON.stringify(body));
  }
  const path = concrete(op, (prefix) => {
    const known = prefix ? pathIds.get(prefix) ?? [] : [];
    return known.length ? r.pick(known) : `${prefix ?? ""}${"0".repeat(20)}`;
  });
  return { n, label: "valid", method: op.method, path, headers, body: bytes, transport: "fetch", op, mustReject: false };
}

const setHeader = (req: FuzzRequest, name: string, value: string | null) => {
  req.headers = req.headers.filter(([h]) => h !== name);
  if (value !== null) req.headers.push([name, value]);
};

/** Whether a header value needs the raw socket (fetch refuses non-Latin-1 and most control characters). */
const needsRaw = (v: string) => /[^\t\x20-\x7e\x80-\xff]/.test(v);

type Mutation = (req: FuzzRequest, op: Operation, r: ReturnType<typeof prng>, bodyMutation: { value: unknown; label: string } | null) => boolean;

/** One broken thing per request; each returns false when it does not apply to the operation. */
const MUTATIONS: Record<string, Mutation> = {
  body(req, op, _r, m) {
    if (!op.body || !m) return false;
    req.body = enc.encode(JSON.stringify(m.value));
    req.label = `body ${m.label}`;
    return true;
  },
  authorization(req, _op, r) {
    const key = principals.main!;
    const flipped = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
    const values: (string | null)[] = [
      null, "", "Bearer", "Bearer ", `Basic ${btoa("user:pass")}`, `Bearer ${key}x`, `Bearer ${flipped}`, `Bearer ${principals.unknown}`,
      `Bearer ${principals.revoked}`, `Bearer ${principals.suspended}`, `Token ${key}`, `Bearer ${key} ${key}`, `Bearer ${"a".repeat(8000)}`,
      `Bearer ${key.toUpperCase()}`, "Bearer ap_test_", `Bearer  ${key}`, `Bearer\t${key}`, `Bearer ${key.replace("ap_test_", "ap_live_")}`,
      "Bearer ap_test_密钥密钥", `Bearer ${key}\u0001`, `Bearer ${"é".repeat(50)}`, `Bearer ${"k".repeat(40_000)}`,
    ];
    const v = r.pick(values);
    setHeader(req, "authorization", v);
    if (v !== null && needsRaw(v)) req.transport = "raw";
    if (v !== null && (/[\x00-\x08\x0a-\x1f\x7f]/.test(v) || v.length > 16_000)) req.parserMayRefuse = true;
    req.label = `Authorization ${v === null ? "(absent)" : JSON.stringify(v.slice(0, 40))}${v && v.length > 40 ? `… (${v.length})` : ""}`;
    return true;
  },
  capability(req, op) {
    if (!op.template.startsWith("/v1/healing/")) return false;
    setHeader(req, "authorization", `Bearer ${principals.noHealing}`);
    req.label = "App without the healing capability";
    return true;
  },
  suspended(req) {
    setHeader(req, "authorization", `Bearer ${principals.suspended}`);
    req.label = "suspended App";
    return true;
  },
  pathId(req, op, r) {
    if (op.params.length === 0) return false;
    const p = op.params[0]!;
    if (p.prefix === null) return brokenIdentifier(req, op, r);
    const prefix = p.prefix;
    const foreignPrefixes = ["bzc_", "lyc_", "hpl_", "hsn_", "resp_", "fb_"].filter((x) => x !== prefix);
    const candidates: { id: string; raw?: boolean }[] = [
      { id: `${r.pick(foreignPrefixes)}${"A".repeat(20)}` },
      { id: `${prefix.toUpperCase()}abc` },
      { id: "a".repeat(3000) },
      { id: `${prefix}${"z".repeat(4000)}` },
      { id: `${prefix}中文\u202Eגט` },
      { id: `${prefix}😀` },
      { id: `${prefix}\u0000` },
      { id: `${prefix}%ZZ`, raw: true },
      { id: `${prefix}%2F..%2F..`, raw: true },
      { id: `${prefix}${"%41".repeat(50)}`, raw: true },
      { id: "%00", raw: true },
      { id: `${prefix}${"0".repeat(20)}` },
      { id: `${prefix}a b` },
      { id: `\u200B${prefix}x` },
    ];
    const foreign = otherIds.get(prefix);
    if (foreign?.length) candidates.push({ id: r.pick(foreign) }, { id: r.pick(foreign) });
    const c = r.pick(candidates);
    const segment = c.raw ? c.id : encodeURIComponent(c.id);
    req.path = op.template.replace(/\{[^}]+\}/, segment).replace(/\{[^}]+\}/g, () => `${prefix}${"0".repeat(20)}`);
    req.label = `path id ${JSON.stringify(c.id.slice(0, 40))}${c.id.length > 40 ? `… (${c.id.length})` : ""}`;
    return true;
  },
  idempotencyKey(req, op, r) {
    if (!op.idempotent) return false;
    const values: (string | null)[] = [null, "", "x".repeat(256), "x".repeat(10_000), "é", "clé-€", "キー", "a\tb", "a\u0001b", "del\u007f", "\u00a0", "a\u0000b"];
    const v = r.pick(values);
    setHeader(req, "idempotency-key", v);
    if (v !== null && needsRaw(v)) req.transport = "raw";
    if (v !== null && /[\x00-\x08\x0a-\x1f\x7f]/.test(v)) req.parserMayRefuse = true;
    req.label = `Idempotency-Key ${v === null ? "(absent)" : JSON.stringify(v.slice(0, 30))}${v && v.length > 30 ? `… (${v.length})` : ""}`;
    return true;
  },
  contentType(req, op, r) {
    if (!op.body) return false;
    const values: (string | null)[] = [null, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/jsonx", "json", "text/json", "application/json-seq", "*/*", "application/javascript", ""];
    const v = r.pick(values);
    setHeader(req, "content-type", v);
    if (v === null) req.transport = "raw"; // fetch would add text/plain
    req.label = `Content-Type ${v === null ? "(absent)" : JSON.stringify(v)}`;
    return true;
  },
  brokenJson(req, op, r) {
    if (!op.body) return false;
    const text = new TextDecoder().decode(req.body!);
    const cut = 1 + r.int(Math.max(1, text.length - 1));
    const variants: (string | Uint8Array)[] = [
      text.slice(0, cut),
      `${text}x`,
      `${text},`,
      text.replace(/"/g, "'"),
      text.replace(/}$/, ",}"),
      `/* c */${text}`,
      `{"a":NaN}`,
      `{"a":Infinity}`,
      `{a:1}`,
      "{",
      "",
      "   \n\t ",
      `${text}${text}`,
      `"\\ud800`,
      `{"x":"\u0000\u0001"}`.replace("\u0000", "\u0000"),
      "[".repeat(60_000),
      new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      new Uint8Array([0x7b, 0x22, 0xc0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
      new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
      new Uint8Array([0x7b, 0x22, 0xe4, 0xb8, 0x22, 0x3a, 0x31, 0x7d]),
      new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]),
    ];
    const v = r.pick(variants);
    if (typeof v === "string") {
      let parses = true;
      try {
        JSON.parse(v);
      } catch {
        parses = false;
      }
      if (parses) return false;
      req.body = enc.encode(v);
    } else req.body = v;
    req.label = `broken JSON ${JSON.stringify(typeof v === "string" ? v.slice(0, 30) : `bytes ${[...v.slice(0, 10)].map((b) => b.toString(16)).join(" ")}`)}`;
    return true;
  },
  oversize(req, op, r) {
    if (!op.body) return false;
    const size = r.pick([MAX_BODY + 1, MAX_BODY + 2, 100_000, 300_000]);
    const text = new TextDecoder().decode(req.body!);
    const padded = text + " ".repeat(Math.max(0, size - enc.encode(text).length));
    req.body = enc.encode(padded);
    req.transport = r.int(3) === 0 ? "stream" : "fetch";
    req.label = `body of ${req.body.length} bytes (${req.transport === "stream" ? "chunked" : "Content-Length"})`;
    return true;
  },
  method(req, op, r) {
    const t = allTemplates.find((x) => x.template === op.template)!;
    const others = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !t.methods.includes(m));
    if (others.length === 0) return false;
    req.method = r.pick(others);
    req.op = null;
    if (req.method === "GET" || req.method === "DELETE") req.body = null;
    req.label = `method ${req.method} not declared on ${op.template}`;
    return true;
  },
  route(req, _op, r) {
    const paths = ["/v1", "/v1/", "/v1/bazi", "/v2/bazi/charts", "/v1/bazi/charts/x/y/z", "/V1/BAZI/CHARTS", "/v1/unknown", "/v1/healing", "/v1/responses/resp_x/extra", "/v1//bazi/charts", "/%00", `/v1/${"a".repeat(2000)}`];
    req.path = r.pick(paths);
    req.op = null;
    req.label = `unknown route ${req.path.slice(0, 40)}`;
    return true;
  },
  notFound(req, op) {
    // An identifier the client chose (an end_user_id) names no stored resource: any value within its pattern is answered.
    if (op.params.length === 0 || op.params.some((p) => p.prefix === null)) return false;
    req.path = op.template.replace(/\{[^}]+\}/g, (_m) => {
      const p = op.params.find((x) => _m === `{${x.name}}`);
      return `${p?.prefix ?? ""}${crypto.randomUUID().replace(/-/g, "")}`;
    });
    req.label = "well-formed id that does not exist";
    return true;
  },
};

/** A path segment that is the client's own identifier (no id prefix): only values outside its pattern are broken. */
function brokenIdentifier(req: FuzzRequest, op: Operation, r: ReturnType<typeof prng>): boolean {
  const candidates: { id: string; raw?: boolean }[] = [{ id: "a".repeat(129) }, { id: "字".repeat(129) }, { id: "😀".repeat(129) }, { id: "a".repeat(3000) }, { id: "a\u0000b" }, { id: "%00", raw: true }, { id: "%ZZ", raw: true }, { id: "%E4%B8", raw: true }];
  const c = r.pick(candidates);
  req.path = op.template.replace(/\{[^}]+\}/, c.raw ? c.id : encodeURIComponent(c.id));
  req.label = `path id ${JSON.stringify(c.id.slice(0, 40))}${c.id.length > 40 ? `… (${c.id.length})` : ""}`;
  return true;
}

/** Valid requests that exercise the edges of what is allowed (phase B). */
const VARIANTS: Record<string, Mutation> = {
  contentTypeVariant(req, op, r) {
    if (!op.body) return false;
    const v = r.pick(["application/json; charset=utf-8", "APPLICATION/JSON", "application/json;charset=UTF-8", "application/problem+json", "application/vnd.lingshu.v1+json", "application/json; foo=bar"]);
    setHeader(req, "content-type", v);
    req.label = `Content-Type ${v}`;
    return true;
  },
  bom(req, op) {
    if (!op.body) return false;
    req.body = new Uint8Array([0xef, 0xbb, 0xbf, ...req.body!]);
    req.label = "UTF-8 BOM before the JSON";
    return true;
  },
  exactLimit(req, op, r) {
    if (!op.body) return false;
    const text = new TextDecoder().decode(req.body!);
    const size = r.pick([MAX_BODY, MAX_BODY - 1]);
    if (enc.encode(text).length > size) return false;
    req.body = enc.encode(text + " ".repeat(size - enc.encode(text).length));
    req.transport = r.int(2) === 0 ? "stream" : "fetch";
    req.label = `body of exactly ${size} bytes (${req.transport === "stream" ? "chunked" : "Content-Length"})`;
    return true;
  },
  pretty(req, op) {
    if (!op.body) return false;
    req.body = enc.encode(JSON.stringify(JSON.parse(new TextDecoder().decode(req.body!)), null, "\t"));
    req.label = "pretty-printed JSON";
    return true;
  },
  lowerBearer(req) {
    setHeader(req, "authorization", `bearer ${principals.main}`);
    req.label = "lower-case bearer";
    return true;
  },
  liveApp(req) {
    setHeader(req, "authorization", `Bearer ${principals.live}`);
    req.label = "a live App's key";
    return true;
  },
  keyEdge(req, op, r) {
    if (!op.idempotent) return false;
    const v = r.pick(["k", `${"k".repeat(250)}-${req.n}`.slice(-255).padStart(255, "k"), `~!@#$%^&*()_+{}|:"<>? ${req.n}`, `key with spaces ${req.n}`]);
    setHeader(req, "idempotency-key", v);
    req.label = `Idempotency-Key edge ${JSON.stringify(v.slice(0, 20))} (${v.length})`;
    return true;
  },
  bodyOnBodyless(req, op) {
    if (op.body || op.method === "GET") return false;
    req.body = enc.encode('{"unexpected":true}');
    setHeader(req, "content-type", "application/json");
    req.label = `a JSON body on ${op.method}`;
    return true;
  },
  encodedRoute(req, op) {
    req.path = op.template.replace(/\{[^}]+\}/g, "x").replace("/v1/", "/v1/%2e/");
    req.transport = "raw";
    req.routing = true;
    req.label = "dot segment in the path";
    return true;
  },
};

function generate(phase: "A" | "B", count: number, seed: number): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const perOp = Math.ceil(count / ops.length);
  const lists = ops.map((op, i) => {
    const r = prng(seed * 31 + i);
    const ids = idSource(refIds);
    const valid = op.body ? fc.sample(validValue(op.body, ids), { seed: seed + i, numRuns: perOp }) : Array.from({ length: perOp }, () => undefined);
    const invalid = op.body ? fc.sample(invalidValue(op.body, ids), { seed: seed + 1000 + i, numRuns: perOp }) : [];
    return Array.from({ length: perOp }, (_, k) => {
      const n = i * perOp + k;
      const pathIds = op.method === "DELETE" ? delIds : refIds;
      const req = baseRequest(n, op, phase, valid[k], pathIds, r);
      const m = invalid[k] ?? null;
      const roll = r.next();
      if (phase === "A" || roll < 0.3) {
        // Body mutations get the largest share where there is a body.
        const names = Object.keys(MUTATIONS);
        for (let attempt = 0; attempt < 20; attempt++) {
          const name = op.body && r.next() < 0.45 ? "body" : r.pick(names);
          if (MUTATIONS[name]!(req, op, r, m)) {
            req.mustReject = true;
            return req;
          }
        }
        throw new Error(`no mutation applies to ${op.method} ${op.template}`);
      }
      if (roll < 0.45) {
        const names = Object.keys(VARIANTS);
        for (let attempt = 0; attempt < 10; attempt++) if (VARIANTS[r.pick(names)]!(req, op, r, m)) return req;
      }
      return req;
    });
  });
  // Interleave the operations so every stretch of the run mixes them.
  for (let k = 0; k < perOp; k++) for (const list of lists) if (list[k]) out.push(list[k]!);
  // Every limit of every schema, deterministically: one past it (A) and exactly at it (B).
  const r = prng(seed ^ 0x1151);
  const sweep = ops.flatMap((op) => (op.body ? limitCases(op.body, idSource(refIds)).map((c) => ({ op, c })) : []));
  sweep.forEach(({ op, c }, i) => {
    const req = baseRequest(100_000 + i, op, phase, phase === "A" ? c.outside : c.inside, op.method === "DELETE" ? delIds : refIds, r);
    req.label = `limit ${c.label}: ${phase === "A" ? "one past it" : "exactly at it"}`;
    req.mustReject = phase === "A";
    out.splice(Math.floor((i / sweep.length) * out.length), 0, req);
  });
  if (phase === "B") {
    // Some idempotent requests reuse an earlier key: same body (replay / in progress) or another body (conflict).
    const r = prng(seed ^ 0x5eed);
    for (let i = 50; i < out.length; i++) {
      const req = out[i]!;
      if (!req.op?.idempotent || req.mustReject || r.next() > 0.08) continue;
      const earlier = out[i - 1 - r.int(Math.min(i, 40))]!;
      const key = earlier.headers.find(([h]) => h === "idempotency-key")?.[1];
      if (!key || earlier.method !== req.method || earlier.mustReject || !/^[\x20-\x7e]{1,255}$/.test(key)) continue;
      setHeader(req, "idempotency-key", key);
      if (r.next() < 0.5 && earlier.path === req.path) {
        req.body = earlier.body;
        req.label = `${req.label}; key and body of request ${earlier.n} again`;
      } else req.label = `${req.label}; key of request ${earlier.n} with another body`;
    }
  }
  return out;
}

// ── sending and judging ─────────────────────────────────────────────────────

function rawBytes(req: FuzzRequest): Uint8Array {
  const lines = [`${req.method} ${req.path} HTTP/1.1`, `Host: 127.0.0.1:${bin.port}`];
  for (const [h, v] of req.headers) lines.push(`${h}: ${v}`);
  if (req.body) lines.push(`Content-Length: ${req.body.length}`);
  lines.push("Connection: close", "", "");
  const head = Buffer.from(lines.join("\r\n"), "utf8");
  return req.body ? Buffer.concat([head, Buffer.from(req.body)]) : head;
}

async function send(req: FuzzRequest): Promise<Outcome> {
  const started = performance.now();
  try {
    let answer: HttpAnswer;
    if (req.transport === "raw") {
      answer = await bin.rawRequest(rawBytes(req));
    } else {
      const headers = new Headers();
      for (const [h, v] of req.headers) headers.append(h, v);
      let body: Uint8Array | ReadableStream<Uint8Array> | undefined = req.body ?? undefined;
      if (req.transport === "stream" && req.body) {
        const bytes = req.body;
        body = new ReadableStream<Uint8Array>({
          start(c) {
            for (let i = 0; i < bytes.length; i += 16_384) c.enqueue(bytes.slice(i, i + 16_384));
            c.close();
          },
        });
      }
      const res = await fetch(bin.base + req.path, { method: req.method, headers, body, ...(req.transport === "stream" ? { duplex: "half" } : {}) } as RequestInit);
      const text = await res.text();
      let json: any = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {}
      answer = { status: res.status, headers: res.headers, text, json };
    }
    return { req, answer, ms: performance.now() - started };
  } catch (err) {
    return { req, error: String((err as Error)?.message ?? err), ms: performance.now() - started };
  }
}

function opFor(method: string, path: string): Operation | null {
  const bare = path.split("?")[0]!;
  return ops.find((o) => o.method === method && o.matcher.test(bare)) ?? null;
}

/** What is wrong with an answer, or null. */
function judge(o: Outcome): string | null {
  const { req, answer } = o;
  if (!answer) {
    // A connection the server closed on a refused head (oversized headers) is acceptable only for those.
    return req.parserMayRefuse ? null : `no answer: ${o.error}`;
  }
  const s = answer.status;
  if (s >= 500) return `${s} ${answer.text.slice(0, 300)}`;
  if (req.mustReject && s < 300) return `accepted (${s}) although it must be refused`;
  if (s < 300) {
    if (!/^req_/.test(answer.headers.get("x-request-id") ?? "")) return "a success without X-Request-Id";
    return null;
  }
  if (req.parserMayRefuse && answer.text === "" && !answer.headers.get("x-request-id") && [400, 413, 414, 431].includes(s)) return null;
  const shape = errorShapeProblem(answer);
  if (shape) return `${s}: ${shape}: ${answer.text.slice(0, 200)}`;
  const code = answer.json.error.code as string;
  if (req.routing) return null;
  const op = opFor(req.method, req.path);
  if (op) {
    if (!op.responses.has(s)) return `${s} ${code} is not a declared status of ${op.method} ${op.template}`;
    const codes = op.responses.get(s);
    if (codes && !codes.has(code)) return `${s} ${code} is not among the declared codes ${[...codes].join(", ")} of ${op.method} ${op.template}`;
    return null;
  }
  const template = allTemplates.find((t) => t.matcher.test(req.path.split("?")[0]!));
  if (template && !template.methods.includes(req.method)) {
    if (s !== 405 || code !== "METHOD_NOT_ALLOWED") return `expected 405 METHOD_NOT_ALLOWED for ${req.method} on ${template.template}, got ${s} ${code}`;
    const allow = (answer.headers.get("allow") ?? "").split(/,\s*/).sort().join(",");
    if (allow !== [...template.methods].sort().join(",")) return `Allow "${answer.headers.get("allow")}" ≠ ${template.methods.join(",")}`;
    return null;
  }
  if (s !== 404 && s !== 405) return `an unknown route answered ${s} ${code}`;
  return null;
}

function describeFailure(o: Outcome, problem: string): string {
  const body = o.req.body ? new TextDecoder().decode(o.req.body.slice(0, 300)) : "";
  return `#${o.req.n} ${o.req.method} ${o.req.path.slice(0, 120)} [${o.req.label}] (${o.req.transport}) → ${problem}\n    headers ${JSON.stringify(o.req.headers.map(([h, v]) => [h, v.slice(0, 60)]))}\n    body ${JSON.stringify(body)}`;
}

async function runPhase(requests: FuzzRequest[]): Promise<{ outcomes: Outcome[]; failures: string[]; ms: number }> {
  const started = performance.now();
  const outcomes = await pool(requests, CONCURRENCY, send);
  const failures: string[] = [];
  for (const o of outcomes) {
    const problem = judge(o);
    if (problem) failures.push(describeFailure(o, problem));
  }
  return { outcomes, failures, ms: performance.now() - started };
}

function histogram(outcomes: Outcome[]): string {
  const h = new Map<string, number>();
  for (const o of outcomes) {
    const k = o.answer ? `${o.answer.status}${o.answer.json?.error?.code ? ` ${o.answer.json.error.code}` : ""}` : "no answer";
    h.set(k, (h.get(k) ?? 0) + 1);
  }
  return [...h.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(", ");
}

// ── setup ───────────────────────────────────────────────────────────────────

const BIRTH = { year: 1990, month: 5, day: 17, hour: 8, gender: "女" };
const CAST = { question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], cast_at: "2025-06-15T18:00:00+08:00" };
const CALM_PLAN = {
  check_in: { emotion_tags: ["anxiety"], intensity: 5, arousal: "medium", goal: "calm", available_minutes: 15, environment: "private_indoor", posture_available: "either", audio_available: true },
  safety: { age_group: "adult", immediate_danger: false, crisis_flags: [], physical_constraints: [], driving_or_operating: false, space_clear: true },
};
const BLOCKED_PLAN = { ...CALM_PLAN, safety: { ...CALM_PLAN.safety, immediate_danger: true } };

beforeAll(async () => {
  const t0 = performance.now();
  bin = await LingshuBinary.start();
  principals.main = bin.tenant!.key;
  principals.noHealing = bin.createTenant({ capabilities: ["bazi", "liuyao"], rpm: 1_000_000, concurrency: 1000 }).key;
  const suspended = bin.createTenant({ rpm: 1_000_000, concurrency: 1000 });
  bin.cliJson(["app", "suspend", suspended.appId]);
  principals.suspended = suspended.key;
  const revoked = bin.cliJson(["key", "create", bin.tenant!.appId]);
  bin.cliJson(["key", "revoke", revoked.id]);
  principals.revoked = revoked.key;
  principals.live = bin.createTenant({ env: "live", rpm: 1_000_000, concurrency: 1000, monthlyQuota: 1_000_000 }).key;
  principals.unknown = generateKey("test");
  other = bin.createTenant({ rpm: 1_000_000, concurrency: 1000 });

  const doc = (await bin.request("GET", "/openapi.json")).json;
  ops = operationsOf(doc);
  allTemplates = Object.entries<any>(doc.paths).map(([template, item]) => ({
    template,
    matcher: new RegExp(`^${template.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}/?$`),
    methods: Object.keys(item).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m)).map((m) => m.toUpperCase()),
  }));

  // Resources the fuzzed requests can refer to (created in order, so their ids are known).
  for (let i = 0; i < 3; i++) addId(refIds, (await must("POST", "/v1/bazi/charts", { birth: { ...BIRTH, day: 10 + i } })).id);
  addId(refIds, (await must("POST", "/v1/liuyao/casts", CAST)).id);
  addId(refIds, (await must("POST", "/v1/liuyao/casts", { question: "Will it rain?", method: "dayan" })).id);
  const plan = await must("POST", "/v1/healing/plans", { ...CALM_PLAN, bazi_chart_id: refIds.get("bzc_")![0] });
  addId(refIds, plan.id);
  addId(refIds, (await must("POST", "/v1/healing/plans", BLOCKED_PLAN)).id);
  for (let i = 0; i < 3; i++) addId(refIds, (await must("POST", "/v1/healing/sessions", { plan_id: plan.id, playback_mode: "script_only" })).id);
  const finished = (await must("POST", "/v1/healing/sessions", { plan_id: plan.id, playback_mode: "script_only" })).id;
  await must("PATCH", `/v1/healing/sessions/${finished}`, { client_event_id: "e1", event_type: "started", elapsed_seconds: 0, occurred_at: "2026-01-01T00:00:00Z" }, 200);
  await must("PATCH", `/v1/healing/sessions/${finished}`, { client_event_id: "e2", event_type: "completed", elapsed_seconds: 60, occurred_at: "2026-01-01T00:01:00Z" }, 200);
  addId(refIds, finished);
  const first = await must("POST", "/v1/responses", { capability: "bazi", subject_id: refIds.get("bzc_")![0], input: "What does my day pillar say?" });
  addId(refIds, first.id);
  addId(refIds, (await must("POST", "/v1/responses", { previous_response_id: first.id, input: "And my career?" })).id);
  // Ids only DELETE uses (so everything else keeps its referents).
  for (let i = 0; i < 12; i++) {
    addId(delIds, (await must("POST", "/v1/bazi/charts", { birth: { ...BIRTH, minute: i } })).id);
    addId(delIds, (await must("POST", "/v1/liuyao/casts", { question: `del ${i}`, method: "dayan" })).id);
    addId(delIds, (await must("POST", "/v1/healing/plans", CALM_PLAN)).id);
  }
  // Another App's resources: reading or deleting them must answer 404 and change nothing.
  const asOther = async (path: string, body: unknown) => {
    const res = await bin.request("POST", path, { body, key: other.key, idempotencyKey: `other-${crypto.randomUUID()}` });
    if (res.status !== 201) throw new Error(`other App ${path}: ${res.status} ${res.text}`);
    addId(otherIds, res.json.id);
    return res.json;
  };
  await asOther("/v1/bazi/charts", { birth: BIRTH });
  await asOther("/v1/liuyao/casts", CAST);
  const otherPlan = await asOther("/v1/healing/plans", CALM_PLAN);
  const otherSession = await asOther("/v1/healing/sessions", { plan_id: otherPlan.id, playback_mode: "script_only" });
  void otherSession;
  await asOther("/v1/responses", { capability: "bazi", subject_id: otherIds.get("bzc_")![0], input: "hello" });
  timings.setup = performance.now() - t0;
}, 60_000);

afterAll(async () => {
  if (bin) {
    if (bin.errorLines.length) console.log(`error log lines of the binary:\n${bin.errorLines.slice(0, 10).join("\n")}`);
    await bin.dispose();
  }
});

describe(`fuzzing every business endpoint of the binary from its OpenAPI document (seed ${SEED}, ${DEFAULT_BACKEND})`, () => {
  test("the document names the endpoints the fuzzer drives", () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED to change), ${TOTAL} requests (FUZZ_REQUESTS), ${ops.length} operations; setup ${Math.round(timings.setup!)} ms`);
    expect(ops.length).toBeGreaterThanOrEqual(14);
    for (const m of ["POST /v1/bazi/charts", "GET /v1/bazi/charts/{chart_id}", "POST /v1/healing/plans", "PATCH /v1/healing/sessions/{session_id}", "POST /v1/responses", "POST /v1/feedback"]) {
      expect(ops.map((o) => `${o.method} ${o.template}`)).toContain(m);
    }
  });

  test("phase A: every broken request is refused in the error envelope, with a declared status, and stores nothing", async () => {
    const requests = generate("A", Math.round(TOTAL * 0.55), SEED);
    const before = await rowCounts();
    const unitsBefore = await billingUnits();
    const { outcomes, failures, ms } = await runPhase(requests);
    const after = await rowCounts();
    console.log(`phase A: ${outcomes.length} requests in ${Math.round(ms)} ms (${Math.round((outcomes.length / ms) * 1000)}/s): ${histogram(outcomes)}`);
    expect(failures.slice(0, 25)).toEqual([]);
    expect(businessTables(after)).toEqual(businessTables(before));
    expect(await billingUnits()).toBe(unitsBefore);
    // Refused requests may leave a replayable 404 (a well-formed id that does not exist), never a success or a claim.
    const left = await bin.readDatabase((db) => db.all("SELECT key, state, status FROM idempotency_records WHERE key LIKE 'fzA-%' AND (state <> 'completed' OR status < 300 OR status >= 500)"));
    expect(left).toEqual([]);
    // Every kind of breakage was tried.
    const kinds = new Set(outcomes.map((o) => o.req.label.split(" ")[0]));
    for (const k of ["body", "Authorization", "path", "Idempotency-Key", "Content-Type", "broken", "method", "unknown", "limit"]) expect(kinds).toContain(k);
    const limits = outcomes.filter((o) => o.req.label.startsWith("limit "));
    console.log(`phase A: ${limits.length} limits of the schemas each exceeded by one: ${histogram(limits)}`);
  }, 120_000);

  test("phase B: limits, odd Unicode and mixed breakage: never 5xx, every new row belongs to a 2xx answer, reads are byte-identical", async () => {
    const requests = generate("B", TOTAL - Math.round(TOTAL * 0.55), SEED + 1);
    const before = await businessRows();
    const unitsBefore = await billingUnits();
    const { outcomes, failures, ms } = await runPhase(requests);
    if (process.env.FUZZ_DEBUG) {
      // Why valid-looking requests were refused (business rules beyond the schema), by kind.
      const m = new Map<string, number>();
      for (const o of outcomes) {
        if (o.req.mustReject || !o.answer || o.answer.status < 300) continue;
        const d = o.answer.json?.error?.details?.map((x: any) => `${x.path} ${x.message}`).join("; ") ?? o.answer.json?.error?.message;
        const k = `${o.req.method} ${o.req.op?.template} ${o.answer.status} ${o.answer.json?.error?.code}: ${String(d).replace(/"[^"]*"/g, '"…"').slice(0, 140)}`;
        m.set(k, (m.get(k) ?? 0) + 1);
      }
      console.log([...m.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} × ${k}`).join("\n"));
    }
    console.log(`phase B: ${outcomes.length} requests in ${Math.round(ms)} ms (${Math.round((outcomes.length / ms) * 1000)}/s): ${histogram(outcomes)}`);
    expect(failures.slice(0, 25)).toEqual([]);
    const limits = outcomes.filter((o) => o.req.label.startsWith("limit "));
    console.log(`phase B: ${limits.length} values exactly at a limit: ${histogram(limits)}`);

    // Attribution: what a 2xx answer created.
    const createdIds = new Set<string>();
    const eventKeys = new Set<string>();
    const checkoutSessions = new Set<string>();
    let newResponses = 0;
    for (const o of outcomes) {
      const a = o.answer;
      if (!a || a.status >= 300) continue;
      if (typeof a.json?.id === "string") createdIds.add(a.json.id);
      const sessionId = /\/v1\/healing\/sessions\/([^/?]+)/.exec(o.req.path)?.[1];
      if (sessionId && o.req.method === "PATCH" && o.req.body) {
        try {
          eventKeys.add(`${decodeURIComponent(sessionId)}\u0001${asStored(JSON.parse(new TextDecoder().decode(o.req.body).replace(/^\uFEFF/, "")).client_event_id)}`);
        } catch {}
      }
      if (sessionId && o.req.path.endsWith("/checkout")) checkoutSessions.add(decodeURIComponent(sessionId));
      // (Matched on the answer: "/v1/%2e/responses" reaches the same endpoint.)
      if (o.req.method === "POST" && a.status === 201 && /^resp_/.test(a.json?.id ?? "") && a.headers.get("idempotent-replayed") !== "true") newResponses += 1;
    }
    const after = await businessRows();
    const orphans: string[] = [];
    let added = 0;
    for (const [table, rows] of after) {
      const old = before.get(table) ?? new Map();
      for (const [pk, row] of rows) {
        if (old.has(pk)) continue;
        added += 1;
        const ok =
          "id" in row
            ? createdIds.has(String(row.id))
            : "client_event_id" in row && "session_id" in row
              ? eventKeys.has(`${row.session_id}\u0001${row.client_event_id}`)
              : "session_id" in row
                ? checkoutSessions.has(String(row.session_id))
                : outcomes.some((o) => o.answer && o.answer.status < 300 && o.req.method !== "GET");
        if (!ok) orphans.push(`${table} ${pk}`);
      }
    }
    expect(orphans.slice(0, 20)).toEqual([]);
    // Enough writes for the orphan check to mean something, in proportion to the volume (the list
    // endpoints take their share of the requests: about 150 rows at 6,000 requests, 95 at 3,000).
    expect(added).toBeGreaterThan(TOTAL / 50);
    // One billing unit per new Response, none for anything refused or replayed.
    expect((await billingUnits()) - unitsBefore).toBe(newResponses);

    // Created immutable resources read back exactly as answered (Sessions change, so they are left out).
    const readable = outcomes.filter((o) => o.answer?.status === 201 && typeof o.answer.json?.id === "string" && o.answer.headers.get("idempotent-replayed") !== "true");
    const gets = readable
      .map((o) => {
        const id = o.answer!.json.id as string;
        const op = ops.find((x) => x.method === "GET" && x.params.length === 1 && x.params[0]!.prefix !== null && id.startsWith(x.params[0]!.prefix!));
        const mutable = op && ops.some((x) => x.template === op.template && (x.method === "PATCH" || x.method === "PUT"));
        return op && !mutable ? { o, path: op.template.replace(/\{[^}]+\}/, id) } : null;
      })
      .filter((x) => x !== null);
    const mismatches: string[] = [];
    await pool(gets, CONCURRENCY, async ({ o, path }) => {
      // Read with the creating request's key (some were made by another App).
      const authorization = o.req.headers.find(([h]) => h === "authorization")![1];
      const read = await bin.request("GET", path, { key: null, headers: { authorization } });
      if (read.status !== 200 || read.text !== o.answer!.text) mismatches.push(`${path}: ${read.status} ${read.text.slice(0, 120)} ≠ ${o.answer!.text.slice(0, 120)}`);
    });
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(gets.length).toBeGreaterThan(50);
    console.log(`phase B: ${added} rows added (all belong to 2xx answers), ${newResponses} Responses billed, ${gets.length} created resources read back byte-identical`);
  }, 120_000);

  test(`the binary logged no unhandled fault and answered /ready throughout${DEFAULT_BACKEND === "sqlite" ? "; the SQLite file passes integrity_check" : ""}`, async () => {
    expect(bin.errorLines).toEqual([]);
    expect((await bin.request("GET", "/ready")).status).toBe(200);
    // A file check only SQLite has; PostgreSQL keeps no file of ours to check.
    if (bin.backend === "sqlite") expect(integrityCheck(bin.databasePath)).toEqual(["ok"]);
  });

  /**
   * Deep nesting inside 64 KiB: 20,000 nested arrays, 5,000 nested objects, as the whole
   * body and under the first property of every body schema. Anything walking the value
   * recursively before the schema has bounded its depth overflows the stack (a 500).
   */
  test("deeply nested values in any body answer 4xx in the envelope, never 5xx", async () => {
    const nest = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);
    const deepArray = nest(20_000, "[", "]");
    const deepObject = nest(5_000, '{"a":', "}").replace(/}+$/, (m) => `1${m}`);
    const problems: string[] = [];
    for (const op of ops.filter((o) => o.body)) {
      const first = Object.keys(op.body!.properties ?? {})[0] ?? "x";
      for (const raw of [deepArray, deepObject, `{"${first}":${deepArray}}`, `{"${first}":${deepObject}}`]) {
        const path = concrete(op, (prefix) => refIds.get(prefix ?? "")?.[0] ?? `${prefix ?? ""}x`);
        const res = await bin.request(op.method, path, { raw, headers: { "content-type": "application/json" }, ...(op.idempotent ? { idempotencyKey: `deep-${crypto.randomUUID()}` } : {}) });
        if (res.status < 400 || res.status >= 500 || errorShapeProblem(res)) problems.push(`${op.method} ${op.template} ${raw.slice(0, 12)}… (${raw.length} bytes): ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  /**
   * JSON may carry lone surrogates ("\ud800"); SQLite stores text as UTF-8, where
   * each becomes U+FFFD. So "evt\ud800", "evt\udc00" and "evt\ufffd" are three
   * client_event_ids to the service but one to the unique index: the second
   * crashed into a constraint error (500). Found by phase B (a stored id differing
   * from the id sent). Either refuse ill-formed strings (400) or store them faithfully.
   */
  test("client ids that differ only in lone surrogates never answer 5xx", async () => {
    const plan = refIds.get("hpl_")![0]!;
    const session = await must("POST", "/v1/healing/sessions", { plan_id: plan, playback_mode: "script_only" });
    const statuses: number[] = [];
    for (const [id, type, s] of [["evt\uD800", "started", 0], ["evt\uDC00", "paused", 10], ["evt\uFFFD", "resumed", 10]] as const) {
      const res = await bin.request("PATCH", `/v1/healing/sessions/${session.id}`, {
        idempotencyKey: `sur-${crypto.randomUUID()}`,
        body: { client_event_id: id, event_type: type, elapsed_seconds: s, occurred_at: "2026-01-01T00:00:00Z" },
      });
      statuses.push(res.status);
      if (res.status >= 400) expect(errorShapeProblem(res)).toBeNull();
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});

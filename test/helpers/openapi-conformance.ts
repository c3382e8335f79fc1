/**
 * A response checker built from the service's own OpenAPI 3.1 document: every answer
 * a test receives is held to what the document says about its operation.
 *
 * - The operation is found by method + path template (a literal segment beats a
 *   `{param}` where two templates match).
 * - The status must be documented for that operation (an exact code, an `NXX`
 *   range or `default`).
 * - The body must fit the response's `content`: no content documented → no body; else
 *   the Content-Type's media type must be one of the documented ones, and a JSON body
 *   must parse and be valid against that media type's schema (Ajv, JSON Schema 2020-12,
 *   the OpenAPI 3.1 dialect, with ajv-formats).
 * - "An undocumented field is a failure": schemas do not all say
 *   `additionalProperties: false`, so before compiling, every schema is made closed
 *   (see {@link closeSchema}): `unevaluatedProperties: false` on each schema that sits
 *   at its own instance location and declares properties — the keyword that sees
 *   through `allOf`/`anyOf`/`oneOf`/`$ref`, which `additionalProperties` does not.
 * - Every header the answer carries must be declared on that response (case-insensitive),
 *   apart from {@link TRANSPORT_HEADERS}; a declared header's value must fit its schema,
 *   and a header declared `required: true` must be present.
 *
 * The checker understands only the schema keywords listed in {@link KNOWN_KEYWORDS}; an
 * unknown one, a recursive `$ref` or a composition it cannot close exactly makes
 * construction throw, so the document can never silently weaken the check.
 */
import Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Json = any;

/**
 * Headers the HTTP layer adds to every message by itself (Bun's server, not the service's
 * code), which an OpenAPI response does not describe:
 * - `content-type`: not a header of the description at all (OpenAPI: a response header
 *   named Content-Type "SHALL be ignored"); it is checked against the response's
 *   documented `content` media types instead.
 * - `content-length`, `transfer-encoding`: message framing (RFC 9112 §6), chosen by the
 *   server for each message.
 * - `date`: the origin server's message timestamp, required on every answer (RFC 9110 §6.6.1).
 * - `connection`, `keep-alive`: hop-by-hop connection management (RFC 9110 §7.6.1),
 *   about the socket, not the resource.
 * Deliberately not exempt: `vary`, `cache-control`, `etag`, CORS and rate-limit headers —
 * the service would send those on purpose, so the document must declare them.
 */
export const TRANSPORT_HEADERS: ReadonlySet<string> = new Set(["content-type", "content-length", "transfer-encoding", "date", "connection", "keep-alive"]);

/** Schema keywords the closing step understands (JSON Schema 2020-12 as the document uses it, plus OpenAPI's own). */
const KNOWN_KEYWORDS = new Set([
  // applicators handled by the closing step
  "properties", "additionalProperties", "patternProperties", "items", "prefixItems", "allOf", "anyOf", "oneOf", "not", "$ref",
  // assertions
  "type", "const", "enum", "required", "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
  "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "unevaluatedProperties",
  "contentMediaType", "contentEncoding",
  // annotations
  "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly", "$comment",
  // OpenAPI's schema-object extras (annotations for Ajv)
  "discriminator", "xml", "externalDocs",
]);
const OPENAPI_ANNOTATIONS = ["example", "discriminator", "xml", "externalDocs"];
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export interface AnswerLike {
  status: number;
  headers: Headers;
  /** The body as text ("" when there is none). */
  text: string;
}

interface CompiledResponse {
  /** Lower-cased header name → declaration. */
  headers: Map<string, { name: string; required: boolean; validate: ValidateFunction | null; schemaType: string | null }>;
  /** Media type (lower-cased, parameters dropped) → validator, compiled on first use (null: not JSON, not checked beyond the type). */
  content: Map<string, (() => ValidateFunction) | null>;
}

interface CompiledOperation {
  method: string;
  template: string;
  segments: (string | null)[];
  responses: Map<string, CompiledResponse>;
}

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === "object" && !Array.isArray(v);
const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();
const isJsonMediaType = (m: string) => m === "application/json" || /^application\/[^/]+\+json$/.test(m);

/** A local `$ref` ("#/components/…") looked up in the document. */
function lookup(doc: Json, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, not ${ref}`);
  const target = ref
    .slice(2)
    .split("/")
    .map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc: Json, p: string) => (acc === undefined ? undefined : acc[p]), doc);
  if (target === undefined) throw new Error(`$ref ${ref} names nothing in the document`);
  return target;
}

/** A non-schema object (response, header, parameter) with its `$ref` followed. */
function deref(doc: Json, node: Json): Json {
  let seen = 0;
  while (isObject(node) && typeof node.$ref === "string") {
    if (++seen > 20) throw new Error(`$ref chain too long at ${node.$ref}`);
    node = lookup(doc, node.$ref);
  }
  return node;
}

/**
 * A deep copy of a schema with every local `$ref` inlined (a sibling of `$ref` stays
 * beside it as an `allOf` member, as 2020-12 evaluates both). A recursive `$ref` throws.
 */
function inline(doc: Json, schema: Json, where: string, stack: string[] = []): Json {
  if (typeof schema === "boolean") return schema;
  if (!isObject(schema)) throw new Error(`${where}: a schema must be an object or a boolean`);
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "$ref") continue;
    if (k.startsWith("x-")) continue; // specification extensions: not JSON Schema, nothing to check
    if (!KNOWN_KEYWORDS.has(k)) throw new Error(`${where}: the conformance checker does not understand the schema keyword "${k}"`);
    if (k === "properties" || k === "patternProperties") {
      out[k] = Object.fromEntries(Object.entries(v as object).map(([name, s]) => [name, inline(doc, s, `${where}/${k}/${name}`, stack)]));
    } else if (k === "allOf" || k === "anyOf" || k === "oneOf" || k === "prefixItems") {
      out[k] = (v as Json[]).map((s, i) => inline(doc, s, `${where}/${k}/${i}`, stack));
    } else if (k === "items" || k === "additionalProperties" || k === "not" || k === "unevaluatedProperties") {
      out[k] = inline(doc, v, `${where}/${k}`, stack);
    } else {
      out[k] = structuredClone(v);
    }
  }
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref as string;
    if (stack.includes(ref)) throw new Error(`${where}: recursive $ref ${ref} is not supported by the conformance checker`);
    const target = inline(doc, lookup(doc, ref), ref, [...stack, ref]);
    if (Object.keys(out).length === 0) return target;
    out.allOf = [...((out.allOf as Json[]) ?? []), target];
  }
  return out;
}

/** The schemas that always apply where `node` applies: itself and its `allOf` members, recursively. */
function alwaysGroup(node: Json): Record<string, Json>[] {
  if (!isObject(node)) return [];
  return [node, ...((node.allOf as Json[]) ?? []).flatMap(alwaysGroup)];
}

/** Every schema that may apply in place where `node` applies (allOf, anyOf, oneOf, recursively). */
function inPlaceGroup(node: Json): Record<string, Json>[] {
  if (!isObject(node)) return [];
  return [node, ...["allOf", "anyOf", "oneOf"].flatMap((k) => ((node[k] as Json[]) ?? []).flatMap(inPlaceGroup))];
}

/**
 * Where several always-applying schemas (a schema and its `allOf` members) declare the
 * same property, e.g. `{allOf:[{$ref:Error}], properties:{error:{properties:{code:…}}}}`,
 * each declaration alone is partial: closing each would reject the members the other
 * declares. The declarations are merged into one `allOf` under the outermost schema
 * (closed there as one location) and the inner ones become `true`. A property declared
 * both here and in an `anyOf`/`oneOf` branch cannot be merged exactly: that throws.
 */
function mergeOverlaps(node: Record<string, Json>, where: string): void {
  const always = alwaysGroup(node);
  const declarations = new Map<string, { owner: Record<string, Json>; schema: Json }[]>();
  for (const owner of always) {
    for (const [name, schema] of Object.entries((owner.properties as Record<string, Json>) ?? {})) {
      declarations.set(name, [...(declarations.get(name) ?? []), { owner, schema }]);
    }
  }
  for (const [name, decls] of declarations) {
    // `true` declares the name without constraining it (and is what an earlier merge left behind).
    const meaningful = decls.filter((d) => d.schema !== true);
    if (meaningful.length < 2) continue;
    for (const d of meaningful) (d.owner.properties as Record<string, Json>)[name] = true;
    node.properties = { ...((node.properties as Record<string, Json>) ?? {}), [name]: { allOf: meaningful.map((d) => d.schema) } };
  }
  const alwaysNames = new Set(declarations.keys());
  const alwaysSet = new Set(always);
  for (const maybe of inPlaceGroup(node).filter((s) => !alwaysSet.has(s))) {
    for (const name of Object.keys((maybe.properties as object) ?? {})) {
      if (alwaysNames.has(name)) throw new Error(`${where}: property "${name}" is declared both beside and inside an anyOf/oneOf branch; the conformance checker cannot close that exactly`);
    }
  }
}

/**
 * Makes an inlined schema closed, in place: every schema at its own instance location
 * (the root, a property's, an item's, an additional or pattern property's) that declares
 * properties itself or through an in-place applicator (allOf/anyOf/oneOf) gets
 * `unevaluatedProperties: false`, unless an always-applying member already admits
 * other members (additionalProperties other than false, patternProperties, or its own
 * unevaluatedProperties). In-place members are not closed on their own: the location's
 * `unevaluatedProperties` sees their annotations, so a member never rejects a field its
 * sibling declares. `not` is left as written (closing inside a negation would widen it).
 */
export function closeSchema(schema: Json, where = "#"): Json {
  close(schema, true, where);
  return schema;
}

function close(node: Json, atLocation: boolean, where: string): void {
  if (!isObject(node)) return;
  mergeOverlaps(node, where);
  for (const [name, s] of Object.entries((node.properties as Record<string, Json>) ?? {})) close(s, true, `${where}/properties/${name}`);
  for (const [name, s] of Object.entries((node.patternProperties as Record<string, Json>) ?? {})) close(s, true, `${where}/patternProperties/${name}`);
  if (isObject(node.additionalProperties)) close(node.additionalProperties, true, `${where}/additionalProperties`);
  if (isObject(node.items)) close(node.items, true, `${where}/items`);
  ((node.prefixItems as Json[]) ?? []).forEach((s, i) => close(s, true, `${where}/prefixItems/${i}`));
  for (const k of ["allOf", "anyOf", "oneOf"]) ((node[k] as Json[]) ?? []).forEach((s, i) => close(s, false, `${where}/${k}/${i}`));
  if (!atLocation || node.unevaluatedProperties !== undefined) return;
  const declares = inPlaceGroup(node).some((s) => isObject(s.properties) && Object.keys(s.properties).length > 0);
  const admitsOthers = alwaysGroup(node).some(
    (s) => (s.additionalProperties !== undefined && s.additionalProperties !== false) || s.patternProperties !== undefined || s.unevaluatedProperties !== undefined,
  );
  if (declares && !admitsOthers) node.unevaluatedProperties = false;
}

function templateSegments(template: string): (string | null)[] {
  return template.split("/").map((s) => (/^\{[^}]+\}$/.test(s) ? null : s));
}

export class OpenApiConformance {
  private readonly ajv: Ajv2020;
  private readonly operations: CompiledOperation[] = [];
  /** "METHOD template" → statuses seen, for a coverage report. */
  readonly seen = new Map<string, Set<number>>();

  constructor(readonly doc: Json) {
    if (typeof doc?.openapi !== "string" || !doc.openapi.startsWith("3.1")) throw new Error(`not an OpenAPI 3.1 document (openapi: ${doc?.openapi})`);
    this.ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    for (const k of OPENAPI_ANNOTATIONS) this.ajv.addKeyword(k);
    for (const [template, rawItem] of Object.entries<Json>(doc.paths ?? {})) {
      const item = deref(doc, rawItem);
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${template}`;
        const responses = new Map<string, CompiledResponse>();
        for (const [status, rawResponse] of Object.entries<Json>(op.responses ?? {})) {
          responses.set(status.toUpperCase(), this.compileResponse(deref(doc, rawResponse), `${where} → ${status}`));
        }
        this.operations.push({ method: method.toUpperCase(), template, segments: templateSegments(template), responses });
      }
    }
  }

  private compileResponse(response: Json, where: string): CompiledResponse {
    const headers: CompiledResponse["headers"] = new Map();
    for (const [name, rawHeader] of Object.entries<Json>(response.headers ?? {})) {
      if (name.toLowerCase() === "content-type") continue; // OpenAPI: ignored
      const header = deref(this.doc, rawHeader);
      const schema = header.schema === undefined ? null : inline(this.doc, header.schema, `${where} header ${name}`);
      headers.set(name.toLowerCase(), {
        name,
        required: header.required === true,
        validate: schema === null ? null : this.compile(schema, `${where} header ${name}`),
        schemaType: isObject(schema) && typeof schema.type === "string" ? schema.type : null,
      });
    }
    const content: CompiledResponse["content"] = new Map();
    for (const [mediaType, media] of Object.entries<Json>(response.content ?? {})) {
      const m = mediaType.toLowerCase();
      const schema = media?.schema;
      if (!isJsonMediaType(m) || schema === undefined) {
        content.set(m, null);
        continue;
      }
      // Closed now (so a keyword the checker does not understand fails at once), compiled when first needed.
      const closed = closeSchema(inline(this.doc, schema, `${where} ${m}`), `${where} ${m}`);
      let validate: ValidateFunction | undefined;
      content.set(m, () => (validate ??= this.compile(closed, `${where} ${m}`)));
    }
    return { headers, content };
  }

  /** Validators by schema text: many responses share a schema (the same error codes, the same record). */
  private readonly compiled = new Map<string, ValidateFunction>();

  private compile(schema: Json, where: string): ValidateFunction {
    const text = JSON.stringify(schema);
    const cached = this.compiled.get(text);
    if (cached) return cached;
    try {
      const validate = this.ajv.compile(schema);
      this.compiled.set(text, validate);
      return validate;
    } catch (err) {
      throw new Error(`${where}: the schema does not compile: ${(err as Error).message}`);
    }
  }

  /** The documented operation for a concrete request, or null. */
  private operationFor(method: string, path: string): CompiledOperation | null {
    const segments = path.split("?")[0]!.split("/");
    let best: CompiledOperation | null = null;
    let bestLiterals = -1;
    for (const op of this.operations) {
      if (op.method !== method.toUpperCase() || op.segments.length !== segments.length) continue;
      if (!op.segments.every((s, i) => s === null ? segments[i]!.length > 0 : s === segments[i])) continue;
      const literals = op.segments.filter((s) => s !== null).length;
      if (literals > bestLiterals) [best, bestLiterals] = [op, literals];
    }
    return best;
  }

  /** Everything in `answer` the document does not allow; [] when it conforms. */
  problems(method: string, path: string, answer: AnswerLike): string[] {
    const op = this.operationFor(method, path);
    if (!op) return [`${method} ${path}: no operation in the document`];
    const key = `${op.method} ${op.template}`;
    this.seen.set(key, (this.seen.get(key) ?? new Set()).add(answer.status));
    const status = String(answer.status);
    const response = op.responses.get(status) ?? op.responses.get(`${status[0]}XX`) ?? op.responses.get("DEFAULT");
    if (!response) return [`${key}: status ${status} is not documented (documented: ${[...op.responses.keys()].join(", ")})`];
    const out: string[] = [];
    const at = `${key} → ${status}`;

    // headers
    for (const [rawName, value] of answer.headers) {
      const name = rawName.toLowerCase();
      if (TRANSPORT_HEADERS.has(name)) continue;
      const declared = response.headers.get(name);
      if (!declared) {
        out.push(`${at}: header ${rawName} is not declared on this response`);
        continue;
      }
      if (declared.validate) {
        const typed = declared.schemaType === "integer" || declared.schemaType === "number" ? (value.trim() === "" ? NaN : Number(value)) : value;
        if (!declared.validate(typed)) out.push(`${at}: header ${declared.name}: ${JSON.stringify(value)} ${this.ajv.errorsText(declared.validate.errors)}`);
      }
    }
    for (const declared of response.headers.values()) {
      if (declared.required && !answer.headers.has(declared.name)) out.push(`${at}: required header ${declared.name} is missing`);
    }

    // body
    const mediaType = mediaTypeOf(answer.headers.get("content-type"));
    if (response.content.size === 0) {
      if (answer.text.length > 0) out.push(`${at}: no content is documented, but the body has ${answer.text.length} characters (${mediaType || "no Content-Type"})`);
      return out;
    }
    if (!response.content.has(mediaType)) {
      out.push(`${at}: Content-Type ${JSON.stringify(answer.headers.get("content-type"))} is not documented (documented: ${[...response.content.keys()].join(", ")})`);
      return out;
    }
    const validator = response.content.get(mediaType);
    if (!validator) return out;
    const validate = validator();
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      out.push(`${at}: the ${mediaType} body is not JSON: ${JSON.stringify(answer.text.slice(0, 120))}`);
      return out;
    }
    if (!validate(body)) {
      for (const e of validate.errors ?? []) {
        const params = e.params as { unevaluatedProperty?: string; additionalProperty?: string };
        const field = e.keyword === "unevaluatedProperties" ? params.unevaluatedProperty : e.keyword === "additionalProperties" ? params.additionalProperty : undefined;
        const extra = field === undefined ? "" : ` (undocumented field "${field}")`;
        out.push(`${at}: body${e.instancePath} ${e.message}${extra} [${e.schemaPath}]`);
      }
    }
    return out;
  }

  /** Throws with every problem when `answer` does not conform. */
  assert(method: string, path: string, answer: AnswerLike): void {
    const found = this.problems(method, path, answer);
    if (found.length > 0) throw new Error(`${method} ${path} answered ${answer.status}, which the OpenAPI document does not allow:\n  ${found.join("\n  ")}\n  body: ${answer.text.slice(0, 400)}`);
  }

  /** Compiles every response schema now (they are otherwise compiled on first use); throws on the first that Ajv refuses. */
  compileAll(): number {
    let n = 0;
    for (const op of this.operations) {
      for (const response of op.responses.values()) {
        for (const validator of response.content.values()) {
          if (validator) validator(), n++;
        }
      }
    }
    return n;
  }

  /** Every documented "METHOD template" and its documented statuses. */
  documented(): Map<string, string[]> {
    return new Map(this.operations.map((op) => [`${op.method} ${op.template}`, [...op.responses.keys()]]));
  }
}

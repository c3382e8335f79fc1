/**
 * The declarations only the OpenAPI document shows (src/platform/endpoint.ts → src/docs/openapi.ts):
 * what an integrator reads and a client generator names things by. The document is the one
 * GET /openapi.json serves — the business endpoints (src/routes.ts) and operationalRoutes — built
 * without a server or a database: declaring the endpoints touches neither.
 * Expectations: docs/interface-spec.md (paths, methods, Idempotency-Key, id patterns, cascades),
 * docs/bazi.md (`include=luck.years`), OpenAPI 3.1, and what each declaration is for.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { loadConfig } from "../../../src/config.ts";
import { businessEndpoints } from "../../../src/routes.ts";
import { operationalRoutes } from "../../../src/operational.ts";
import { RequestCounter } from "../../../src/platform/usage.ts";
import { JsonText } from "../../../src/platform/endpoint.ts";
import { defineSubjectRead, subjectReadDeleteEndpoints } from "../../../src/platform/subject-endpoints.ts";
import { listSchema } from "../../../src/platform/list-endpoint.ts";

type Json = Record<string, any>;
interface Operation { method: string; path: string; op: Json }

/** A store that is never called while endpoints are declared: any use would throw. */
const inert: any = new Proxy(() => {}, { get: (_t, key) => (key === "then" ? undefined : inert), apply: () => { throw new Error("the store was used"); } });

let doc: Json;
let operations: Operation[];
/** The business operations: the ones the endpoint declarations generate (/v1/…). */
let business: Operation[];

beforeAll(async () => {
  const config = loadConfig({ DATABASE_PATH: "/nonexistent/lingshu.sqlite", LOG_LEVEL: "silent", PORT: "0" });
  const endpoints = businessEndpoints({ store: inert, config, clock: () => 0, counter: new RequestCounter(inert) });
  const routes = operationalRoutes({ config, store: inert, endpoints, isDraining: () => false });
  const served = await routes.find((r) => r.path === "/openapi.json")!.answer(new Request("http://localhost/openapi.json"), "req_test");
  doc = (await served.json()) as Json;
  operations = Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).filter(([m]) => ["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(m)).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
  business = operations.filter((o) => o.path.startsWith("/v1/"));
});

const find = (method: string, path: string) => {
  const found = operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found.op;
};
const resolve = (schema: Json): Json => (schema?.$ref ? resolve(refTarget(schema.$ref)) : schema);
function refTarget(ref: string): Json {
  expect(ref.startsWith("#/")).toBe(true);
  const target = ref.slice(2).split("/").reduce<any>((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  if (target === undefined) throw new Error(`${ref} resolves to nothing`);
  return target;
}
const parameters = (op: Json): Json[] => (op.parameters ?? []).map((p: Json) => resolve(p));
const successOf = (op: Json) => Object.entries<Json>(op.responses).find(([status]) => status.startsWith("2"))!;
const bodySchema = (response: Json) => response.content?.["application/json"]?.schema as Json | undefined;

/** Generated prose is whole sentences: no missing value, no sentence glued to the next, no dangling end. */
function wellFormedProse(text: unknown): string[] {
  const problems: string[] = [];
  if (typeof text !== "string" || text.trim() === "") return ["empty"];
  if (/\bundefined\b|\bnull\b(?!`)|\[object Object\]/.test(text.replace(/`[^`]*`/g, ""))) problems.push(`a missing value in ${JSON.stringify(text)}`);
  if (/[a-z)][.!?][A-Z][a-z]/.test(text)) problems.push(`sentences run together in ${JSON.stringify(text)}`);
  if (text !== text.trim() || /\b(and|a|of|the)$/.test(text) || /\s[,.]/.test(text)) problems.push(`a dangling word or space in ${JSON.stringify(text)}`);
  return problems;
}

// docs/interface-spec.md "Endpoints": method, path, whether Idempotency-Key is required.
const SPEC_ENDPOINTS: [string, string, boolean][] = [
  ["POST", "/v1/bazi/charts", true],
  ["GET", "/v1/bazi/charts/{chart_id}", false],
  ["DELETE", "/v1/bazi/charts/{chart_id}", false],
  ["POST", "/v1/liuyao/casts", true],
  ["GET", "/v1/liuyao/casts/{cast_id}", false],
  ["DELETE", "/v1/liuyao/casts/{cast_id}", false],
  ["POST", "/v1/healing/plans", true],
  ["GET", "/v1/healing/plans/{plan_id}", false],
  ["DELETE", "/v1/healing/plans/{plan_id}", true],
  ["POST", "/v1/healing/sessions", true],
  ["GET", "/v1/healing/sessions/{session_id}", false],
  ["PATCH", "/v1/healing/sessions/{session_id}", true],
  ["POST", "/v1/healing/sessions/{session_id}/checkout", true],
  ["POST", "/v1/responses", true],
  ["GET", "/v1/responses/{response_id}", false],
  ["POST", "/v1/feedback", false],
];
// "Path parameter patterns" of the spec; the end user's id is any identifier of the App's (1–128 characters).
const PARAM_PATTERNS: Record<string, RegExp> = { chart_id: /^\^bzc_/, cast_id: /^\^lyc_/, plan_id: /^\^hpl_/, session_id: /^\^hsn_/, response_id: /^\^resp_/, end_user_id: /^\^.*\{1,128\}\$$/ };
// The collections the service lists (GET on each) and the Subjects it reads and deletes.
const COLLECTIONS = ["/v1/bazi/charts", "/v1/liuyao/casts", "/v1/healing/plans", "/v1/healing/sessions", "/v1/responses"];
const SUBJECTS: [collection: string, param: string][] = [["/v1/bazi/charts", "chart_id"], ["/v1/liuyao/casts", "cast_id"], ["/v1/healing/plans", "plan_id"]];

describe("every operation names itself", () => {
  test("the spec's endpoints, the collections' lists, usage and end-user erasure are all in the document", () => {
    for (const [method, path] of SPEC_ENDPOINTS) find(method, path);
    for (const c of COLLECTIONS) find("GET", c);
    find("GET", "/v1/usage");
    find("DELETE", "/v1/end_users/{end_user_id}");
    expect(business.length).toBeGreaterThanOrEqual(SPEC_ENDPOINTS.length + COLLECTIONS.length + 2);
  });

  test("operationIds are unique across the document", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("operationIds are snake_case: a verb, then lower-case words joined by single underscores", () => {
    const bad = business.filter((o) => !/^[a-z]+(_[a-z0-9]+)+$/.test(o.op.operationId));
    expect(bad.map((o) => `${o.method} ${o.path}: ${JSON.stringify(o.op.operationId)}`)).toEqual([]);
  });

  test("a collection's list is list_<plural>, its item's read and delete get_<singular> and delete_<singular> of the same resource", () => {
    for (const collection of COLLECTIONS) {
      const plural = collection.split("/").at(-1)!;
      const list: string = find("GET", collection).operationId;
      expect(list).toMatch(new RegExp(`^list_([a-z]+_)*${plural}$`));
      const itemPath = Object.keys(doc.paths).find((p) => new RegExp(`^${collection}/\\{[a-z_]+\\}$`).test(p))!;
      const singular = itemPath.match(/\{([a-z]+)_id\}$/)![1]!;
      const get: string = find("GET", itemPath).operationId;
      expect(get).toMatch(new RegExp(`^get_([a-z]+_)*${singular}$`));
      // The list names the same resource as the read: list_healing_plans beside get_healing_plan.
      expect(list).toBe(`list_${get.slice("get_".length)}s`);
      const del = doc.paths[itemPath].delete;
      if (del) expect(del.operationId).toBe(`delete_${get.slice("get_".length)}`);
    }
  });

  test("usage and erasure: get_usage and erase_end_user", () => {
    expect(find("GET", "/v1/usage").operationId).toBe("get_usage");
    expect(find("DELETE", "/v1/end_users/{end_user_id}").operationId).toBe("erase_end_user");
  });

  test("each operation has a summary and a description, both well-formed prose, the description more than the summary", () => {
    const problems = operations.flatMap(({ method, path, op }) => [
      ...wellFormedProse(op.summary).map((p) => `${method} ${path} summary: ${p}`),
      ...wellFormedProse(op.description).map((p) => `${method} ${path} description: ${p}`),
      ...(op.description === op.summary ? [`${method} ${path}: description repeats the summary`] : []),
    ]);
    expect(problems).toEqual([]);
  });

  test("each operation has one tag, declared in the document's tags", () => {
    const declared = new Set(doc.tags.map((t: Json) => t.name));
    for (const { op } of operations) {
      expect(op.tags).toHaveLength(1);
      expect(declared.has(op.tags[0])).toBe(true);
    }
    expect(find("GET", "/v1/usage").tags).toEqual(["Usage"]);
    expect(find("DELETE", "/v1/end_users/{end_user_id}").tags).toEqual(["End users"]);
  });

  test("a DELETE of a chart or a cast says that its Responses go too (spec rule 8)", () => {
    for (const path of ["/v1/bazi/charts/{chart_id}", "/v1/liuyao/casts/{cast_id}"]) {
      const op = find("DELETE", path);
      expect(op.summary).toMatch(/\bResponses\b/);
      expect(op.description).toMatch(/\bResponses\b/);
    }
  });
});

describe("every parameter is declared and described", () => {
  test("each {name} of a path is a required path parameter with a description and the spec's id pattern", () => {
    let checked = 0;
    for (const { method, path, op } of business) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const declared = parameters(op).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort()).toEqual([...names].sort());
      for (const p of declared) {
        expect({ at: `${method} ${path}`, name: p.name, required: p.required, described: wellFormedProse(p.description) }).toEqual({ at: `${method} ${path}`, name: p.name, required: true, described: [] });
        expect(p.schema.type).toBe("string");
        expect(p.schema.pattern).toMatch(PARAM_PATTERNS[p.name]!);
        expect(() => new RegExp(p.schema.pattern, "u")).not.toThrow();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(11);
  });

  test("the Subjects' ids in the path: ^bzc_, ^lyc_, ^hpl_ for GET and DELETE, and an id of another kind does not match", () => {
    const prefixes: Record<string, [string, string]> = { chart_id: ["bzc_", "lyc_"], cast_id: ["lyc_", "hpl_"], plan_id: ["hpl_", "bzc_"] };
    for (const [collection, param] of SUBJECTS) {
      for (const method of ["GET", "DELETE"]) {
        const p = parameters(find(method, `${collection}/{${param}}`)).find((x) => x.in === "path")!;
        const pattern = new RegExp(p.schema.pattern);
        const [own, other] = prefixes[param]!;
        expect(pattern.test(`${own}9Qb2xk`)).toBe(true);
        expect(pattern.test(`${other}9Qb2xk`)).toBe(false);
        expect(p.description).toContain(own);
      }
    }
  });

  test("each query parameter is described, has a schema, and says whether it is required", () => {
    let checked = 0;
    for (const { method, path, op } of business) {
      for (const p of parameters(op).filter((x) => x.in === "query")) {
        expect({ at: `${method} ${path} ?${p.name}`, problems: wellFormedProse(p.description) }).toEqual({ at: `${method} ${path} ?${p.name}`, problems: [] });
        expect(typeof p.required).toBe("boolean");
        expect(p.schema && typeof p.schema === "object").toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(COLLECTIONS.length * 6);
  });

  test("every list takes limit, starting_after, ending_before, end_user_id, created[gte], created[lt]; its cursors carry the collection's id prefix", () => {
    const prefix: Record<string, string> = { "/v1/bazi/charts": "bzc", "/v1/liuyao/casts": "lyc", "/v1/healing/plans": "hpl", "/v1/healing/sessions": "hsn", "/v1/responses": "resp" };
    for (const c of COLLECTIONS) {
      const query = Object.fromEntries(parameters(find("GET", c)).filter((p) => p.in === "query").map((p) => [p.name, p]));
      for (const name of ["limit", "starting_after", "ending_before", "end_user_id", "created[gte]", "created[lt]"]) {
        expect({ c, name, declared: name in query, required: query[name]?.required }).toEqual({ c, name, declared: true, required: false });
      }
      for (const cursor of ["starting_after", "ending_before"]) {
        const pattern = new RegExp(query[cursor].schema.pattern);
        expect(pattern.test(`${prefix[c]}_9Qb2xk`)).toBe(true);
        expect(pattern.test("xyz_9Qb2xk")).toBe(false);
      }
      expect(query.limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
      expect(query["created[gte]"].schema.format).toBe("date-time");
    }
  });

  test("GET of a chart takes include (docs/bazi.md: ?include=luck.years) and its description says what it adds", () => {
    const op = find("GET", "/v1/bazi/charts/{chart_id}");
    const include = parameters(op).find((p) => p.in === "query" && p.name === "include");
    expect(include).toBeDefined();
    expect(JSON.stringify(include!.schema)).toContain("luck.years");
    expect(op.description).toContain("include=luck.years");
  });

  test("an Idempotency-Key is required exactly where the spec's table says yes", () => {
    for (const [method, path, required] of SPEC_ENDPOINTS) {
      const key = parameters(find(method, path)).find((p) => p.in === "header" && p.name === "Idempotency-Key");
      expect({ at: `${method} ${path}`, required: key?.required === true }).toEqual({ at: `${method} ${path}`, required });
    }
    // DELETE of an end user's data is a business write: its key is required too.
    expect(parameters(find("DELETE", "/v1/end_users/{end_user_id}")).find((p) => p.name === "Idempotency-Key")?.required).toBe(true);
  });
});

/** The object schemas of a body, with where they are, following $refs once each. */
function objectSchemas(schema: Json, at: string, seen = new Set<string>()): [string, Json][] {
  if (!schema || typeof schema !== "object") return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    seen.add(schema.$ref);
    return objectSchemas(refTarget(schema.$ref), schema.$ref, seen);
  }
  const out: [string, Json][] = [];
  if (schema.type === "object" || schema.properties) out.push([at, schema]);
  for (const [name, sub] of Object.entries<Json>(schema.properties ?? {})) out.push(...objectSchemas(sub, `${at}.${name}`, seen));
  for (const key of ["items", "additionalProperties", "not", "if", "then", "else", "contains"]) if (schema[key] && typeof schema[key] === "object") out.push(...objectSchemas(schema[key], `${at}/${key}`, seen));
  for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) (schema[key] ?? []).forEach((s: Json, i: number) => out.push(...objectSchemas(s, `${at}/${key}/${i}`, seen)));
  return out;
}

describe("every body schema is closed and described", () => {
  test("each response has a description", () => {
    const missing = operations.flatMap(({ method, path, op }) => Object.entries<Json>(op.responses).filter(([, r]) => wellFormedProse(resolve(r).description).length > 0).map(([s]) => `${method} ${path} ${s}`));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(20);
  });

  test("each success body and request body of the business operations: every object closed (additionalProperties: false, or a map typing every value), every property described", () => {
    const problems: string[] = [];
    let objects = 0;
    for (const { method, path, op } of business) {
      const [status, success] = successOf(op);
      const roots: [string, Json | undefined][] = [[`${method} ${path} ${status}`, bodySchema(success)], [`${method} ${path} request`, op.requestBody?.content?.["application/json"]?.schema]];
      for (const [where, root] of roots) {
        if (!root) continue;
        for (const [at, object] of objectSchemas(root, where)) {
          objects++;
          // Closed: additionalProperties false. A map (metadata, keyed by the caller's names) has no fixed
          // properties and types every value; a composition (allOf/anyOf/oneOf) is closed by its branches.
          const typedMap = !object.properties && (Object.keys(object.patternProperties ?? {}).length > 0 || (object.additionalProperties && typeof object.additionalProperties === "object"));
          if (object.additionalProperties !== false && !typedMap && !object.allOf && !object.anyOf && !object.oneOf) problems.push(`${at}: open object`);
          for (const [name, prop] of Object.entries<Json>(object.properties ?? {})) {
            const described = prop.description ?? (prop.$ref ? resolve(prop).description : undefined);
            if (typeof described !== "string" || described.trim() === "") problems.push(`${at}.${name}: undescribed`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(objects).toBeGreaterThan(30);
  });

  test("the error envelope (components/schemas/Error): every object closed and every member described, so a typed client's error type is complete", () => {
    const problems: string[] = [];
    const objects = objectSchemas({ $ref: "#/components/schemas/Error" }, "Error");
    for (const [at, object] of objects) {
      if (object.additionalProperties !== false) problems.push(`${at}: open object`);
      for (const [name, prop] of Object.entries<Json>(object.properties ?? {})) if (typeof prop.description !== "string" || prop.description.trim() === "") problems.push(`${at}.${name}: undescribed`);
    }
    expect(problems).toEqual([]);
    // The envelope, its error, a detail, the safety action and its text.
    expect(objects.map(([at]) => at)).toEqual(["#/components/schemas/Error", "#/components/schemas/Error.error", "#/components/schemas/Error.error.details/items", "#/components/schemas/Error.error.safety_action", "#/components/schemas/Error.error.safety_action.text"]);
  });

  test("the list answer: a closed object of object (const list), url (const the collection's path), has_more (boolean), data (array of the item's component), each described", () => {
    for (const c of COLLECTIONS) {
      const [status, success] = successOf(find("GET", c));
      expect(status).toBe("200");
      expect(wellFormedProse(success.description)).toEqual([]);
      const schema = bodySchema(success)!;
      expect(schema).toBeDefined();
      expect(schema.type).toBe("object");
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(schema.properties).sort()).toEqual(["data", "has_more", "object", "url"]);
      expect([...schema.required].sort()).toEqual(["data", "has_more", "object", "url"]);
      expect(schema.properties.object.const).toBe("list");
      expect(schema.properties.url.const).toBe(c);
      expect(schema.properties.url.description).toContain(c);
      expect(schema.properties.has_more.type).toBe("boolean");
      expect(schema.properties.data.type).toBe("array");
      expect(schema.properties.data.items.$ref).toMatch(/^#\/components\/schemas\/[A-Z]\w+$/);
      for (const name of ["object", "url", "has_more", "data"]) expect(wellFormedProse(schema.properties[name].description)).toEqual([]);
    }
  });

  test("listSchema itself: the closed {object, url, has_more, data} answer for any item and path", () => {
    const schema = listSchema(Type.Object({ id: Type.String() }), "/v1/things") as Json;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.url.const).toBe("/v1/things");
    expect(schema.properties.url.description).toContain("`/v1/things`");
    expect(schema.properties.data.items.properties.id.type).toBe("string");
  });

  test("named resources are components referenced by $ref, never inlined: the Subjects, Usage, EndUserErasure; every $ref resolves", () => {
    const named: [string, string, string][] = [
      ["GET", "/v1/bazi/charts/{chart_id}", "BaziChart"],
      ["GET", "/v1/liuyao/casts/{cast_id}", "LiuyaoCast"],
      ["GET", "/v1/healing/plans/{plan_id}", "HealingPlan"],
      ["GET", "/v1/healing/sessions/{session_id}", "HealingSession"],
      ["GET", "/v1/responses/{response_id}", "Response"],
      ["GET", "/v1/usage", "Usage"],
      ["DELETE", "/v1/end_users/{end_user_id}", "EndUserErasure"],
    ];
    for (const [method, path, component] of named) {
      expect(bodySchema(successOf(find(method, path))[1])).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(doc.components.schemas[component].type).toBe("object");
    }
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$id"');
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) refTarget(ref);
  });

  test("examples hold real values: no empty string anywhere in an example", () => {
    const empties: string[] = [];
    const walk = (node: unknown, at: string, inExample: boolean) => {
      if (typeof node === "string") {
        if (inExample && node === "") empties.push(at);
      } else if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}[${i}]`, inExample));
      else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`, inExample || k === "example" || k === "examples");
    };
    walk(doc, "$", false);
    expect(empties).toEqual([]);
    expect(doc.components.schemas.Usage.examples[0].app_id).toMatch(/^app_\w+/);
  });
});

describe("subjectReadDeleteEndpoints: the GET's read options answer", () => {
  const record = JSON.stringify({ id: "bzc_1", object: "bazi_chart" });
  const repository: any = { get: async () => record, list: async () => ({ records: [], hasMore: false }), delete: async () => {}, insert: async () => {} };
  const ctx = (query: Json) => ({ app: { id: "app_1", capabilities: [] }, params: { thing_id: "bzc_1" }, query }) as any;
  const endpoints = subjectReadDeleteEndpoints({
    collection: "/v1/things", param: "thing_id", prefix: "bzc", noun: "thing", capability: "bazi" as any, tag: "BaZi", repository, schema: Type.Object({ id: Type.String() }),
    read: defineSubjectRead({ query: Type.Object({ more: Type.Optional(Type.String({ description: "Adds more." })) }), description: "`more` adds more.", extend: (_r, q) => (q.more ? { extended: true } : null) }),
  });

  test("a query the read extends answers the extended record; without it, the stored text as is", async () => {
    const get = endpoints.find((e) => e.method === "GET" && e.path.endsWith("/:thing_id"))!;
    expect((await get.handle(ctx({ more: "yes" }))).body).toEqual({ extended: true });
    const plain = (await get.handle(ctx({}))).body;
    expect(plain).toBeInstanceOf(JsonText);
    expect((plain as JsonText).text).toBe(record);
  });

  test("the read's query and description are the GET's; the DELETE without idempotentDelete takes no key", () => {
    const get = endpoints.find((e) => e.method === "GET" && e.path.endsWith("/:thing_id"))!;
    expect(Object.keys(get.query?.properties ?? {})).toEqual(["more"]);
    expect(get.description).toEndWith(" `more` adds more.");
    const del = endpoints.find((e) => e.method === "DELETE")!;
    expect(del.idempotent).toBe(false);
    expect(del.summary).toBe("Delete a thing and its Responses");
  });
});

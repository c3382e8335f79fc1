/**
 * /openapi.json is a valid OpenAPI 3.1 document (checked by an independent
 * validator), covers every route the server answers, and documents every error
 * code each endpoint can produce. /docs is offline.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startServer, type TestServer } from "../helpers/server.ts";
import { fixtureEndpoints } from "../helpers/fixture-endpoints.ts";
import { endpointErrorCodes } from "../../src/platform/endpoint.ts";
import { GLOSSARY } from "../../src/responses/data/glossary.ts";

let real: TestServer;
let fixture: TestServer;

beforeAll(async () => {
  real = await startServer();
  fixture = await startServer({ endpoints: (store) => fixtureEndpoints({ created: [], gate: null }, store) });
});
afterAll(async () => {
  await real.stop();
  await fixture.stop();
});

async function validate(doc: unknown) {
  const validator = new Validator();
  const result = await validator.validate(doc as any);
  return { result, version: validator.version };
}

describe("the OpenAPI document", () => {
  test.each([["the service", () => real], ["the platform fixtures", () => fixture]])("%s: a valid OpenAPI 3.1 document, info.version 1.0.0", async (_name, server) => {
    const res = await server().request("GET", "/openapi.json", { key: null });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.json.info.version).toBe("1.0.0");
    const { result, version } = await validate(res.json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(version).toBe("3.1");
  });

  test("servers: the base address and the current environment (`/`)", async () => {
    const doc = (await real.request("GET", "/openapi.json", { key: null })).json;
    expect(doc.servers.map((s: { url: string }) => s.url)).toEqual(["{base_url}", "/"]);
  });

  test("servers[0] and the /docs examples name the address they were fetched from; PUBLIC_BASE_URL wins", async () => {
    const viaHost = async (server: TestServer, host: string) => {
      const headers = { host };
      const doc = (await server.request("GET", "/openapi.json", { key: null, headers })).json;
      const page = (await server.request("GET", "/docs", { key: null, headers })).text;
      return { base: doc.servers[0].variables.base_url.default, example: /curl -s (?:&quot;)?(https?:\/\/[^\s"&<]+)\/v1\/bazi\/charts/.exec(page)?.[1] };
    };
    expect(await viaHost(real, "api.example.test:8443")).toEqual({ base: "http://api.example.test:8443", example: "http://api.example.test:8443" });
    expect(await viaHost(real, "other.example.test")).toEqual({ base: "http://other.example.test", example: "http://other.example.test" });
    const proxied = await startServer({ env: { PUBLIC_BASE_URL: "https://lingshu.example.com" } });
    try {
      expect(await viaHost(proxied, "internal:3000")).toEqual({ base: "https://lingshu.example.com", example: "https://lingshu.example.com" });
    } finally {
      await proxied.stop();
    }
  });

  test("every endpoint is documented with its Authorization, Idempotency-Key, success and every error code it can answer", async () => {
    const doc = (await fixture.request("GET", "/openapi.json", { key: null })).json;
    for (const endpoint of fixture.app.endpoints) {
      const op = doc.paths[endpoint.path.replace(/:([A-Za-z_]+)/g, "{$1}")][endpoint.method.toLowerCase()];
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(op.responses)).toContain(String(endpoint.success.status));
      const idem = (op.parameters ?? []).find((p: { $ref?: string }) => p.$ref?.endsWith("IdempotencyKey"))?.$ref ?? null;
      expect(idem).toBe(endpoint.idempotent === true ? "#/components/parameters/IdempotencyKey" : endpoint.idempotent === "optional" ? "#/components/parameters/OptionalIdempotencyKey" : null);
      const documented = Object.values(op.responses).flatMap((r: any) => r.content?.["application/json"]?.schema?.properties?.error?.properties?.code?.enum ?? []);
      expect(new Set(documented)).toEqual(new Set(endpointErrorCodes(endpoint)));
      if (endpoint.body) expect(op.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    }
    expect(doc.paths["/v1/test/strict"].post.responses["422"]).toBeDefined();
  });
});

describe("arrays whose items must not repeat", () => {
  test("declare uniqueItems (the handler refuses repeats with an exact detail), and no private keyword leaks", async () => {
    const doc = (await real.request("GET", "/openapi.json", { key: null })).json;
    const plan = doc.paths["/v1/healing/plans"].post.requestBody.content["application/json"].schema;
    const checkout = doc.paths["/v1/healing/sessions/{session_id}/checkout"].post.requestBody.content["application/json"].schema;
    for (const array of [
      plan.properties.check_in.properties.emotion_tags,
      plan.properties.safety.properties.crisis_flags,
      plan.properties.safety.properties.physical_constraints,
      plan.properties.preferences.properties.excluded_protocol_ids,
      checkout.properties.adverse_tags,
    ]) {
      expect(array).toMatchObject({ type: "array", uniqueItems: true });
    }
    expect(JSON.stringify(doc)).not.toContain("x-lingshu-");
  });
});

describe("/docs", () => {
  test("the guide and reference render offline: no external script, stylesheet, font or image", async () => {
    const res = await real.request("GET", "/docs", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain("Error codes");
    // The glossary of the terms the answers use, every entry in both languages.
    expect(res.text).toContain('<h2 id="glossary">Glossary</h2>');
    for (const g of GLOSSARY) {
      expect(res.text).toContain(`<td>${g.term}</td>`);
      expect(res.text).toContain(g.zh);
      expect(res.text).toContain(g.text.replaceAll("'", "&#39;"));
    }
    expect(res.text).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=["']?https?:/i);
    expect(res.text).not.toMatch(/@import|url\(\s*["']?https?:/i);
  });
});

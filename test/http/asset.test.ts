/**
 * The public audio asset over the real server: no authentication, full body,
 * single ranges, 416, conditional requests, HEAD, CORS preflight, 405.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, type TestServer } from "../helpers/server.ts";
import { HEALING_AUDIO_PATH } from "../../src/assets/audio.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

const get = (headers: Record<string, string> = {}, method = "GET") => fetch(s.base + HEALING_AUDIO_PATH, { method, headers });

describe("the healing audio asset", () => {
  test("GET without a key: 200, the complete MP3, immutable caching, CORS", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1_000_000);
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xe0).toBe(0xe0);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("Content-Range");
    expect(res.headers.get("etag")).toMatch(/^"/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });
  test("a single range → 206 with Content-Range; unsatisfiable → 416 bytes */len", async () => {
    const full = Number((await get({}, "HEAD")).headers.get("content-length"));
    const part = await get({ range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${full}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const bad = await get({ range: `bytes=${full}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe(`bytes */${full}`);
    expect((await get({ range: "bytes=0-1,5-6" })).status).toBe(200);
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
  test("If-None-Match → 304; If-Range with a stale tag → 200 full", async () => {
    const etag = (await get({}, "HEAD")).headers.get("etag")!;
    expect((await get({ "if-none-match": etag })).status).toBe(304);
    expect((await get({ range: "bytes=0-9", "if-range": '"stale"' })).status).toBe(200);
    expect((await get({ range: "bytes=0-9", "if-range": etag })).status).toBe(206);
  });
  test("OPTIONS preflight is answered; other methods are 405 in the error shape", async () => {
    const pre = await get({ origin: "https://player.example", "access-control-request-method": "GET", "access-control-request-headers": "range" }, "OPTIONS");
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-methods")).toContain("GET");
    const res = await s.request("DELETE", HEALING_AUDIO_PATH, { key: null });
    expectErrorShape(res, 405, "METHOD_NOT_ALLOWED");
  });
});

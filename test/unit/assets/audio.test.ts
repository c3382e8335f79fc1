import { describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  ASSET_CACHE_CONTROL,
  HEALING_AUDIO_CONTENT_TYPE,
  HEALING_AUDIO_LAST_MODIFIED,
  HEALING_AUDIO_PATH,
  computeStrongEtag,
  createAssetHandler,
  createHealingAudioHandler,
  loadHealingAudio,
  parseRange,
} from "../../../src/assets/audio.ts";
import { generateHealingAudio } from "../../../scripts/generate-audio.ts";

const SIZE = 100;
const BYTES = Uint8Array.from({ length: SIZE }, (_, i) => i);
const LAST_MODIFIED = new Date("2026-01-02T03:04:05.678Z");
const LAST_MODIFIED_HTTP = "Fri, 02 Jan 2026 03:04:05 GMT";
const URL_ = `http://localhost${HEALING_AUDIO_PATH}`;

const handler = createAssetHandler({ bytes: BYTES, contentType: "audio/mpeg", lastModified: LAST_MODIFIED });
const ETAG = computeStrongEtag(BYTES);

function req(headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request(URL_, { method, headers });
}

async function body(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

async function expectFull(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-length")).toBe(String(SIZE));
  expect(res.headers.get("content-range")).toBeNull();
  expect(await body(res)).toEqual(BYTES);
}

async function expectPartial(res: Response, start: number, end: number): Promise<void> {
  expect(res.status).toBe(206);
  expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${SIZE}`);
  expect(res.headers.get("content-length")).toBe(String(end - start + 1));
  expect(res.headers.get("content-type")).toBe("audio/mpeg");
  expect(await body(res)).toEqual(BYTES.slice(start, end + 1));
}

async function expectUnsatisfiable(res: Response): Promise<void> {
  expect(res.status).toBe(416);
  expect(res.headers.get("content-range")).toBe(`bytes */${SIZE}`);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const json = (await res.json()) as { error: { code: string } };
  expect(json.error.code).toBe("RANGE_NOT_SATISFIABLE");
}

describe("asset handler: GET / HEAD", () => {
  test("GET returns the full body with caching, validator and CORS headers", async () => {
    const res = handler(req());
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("cache-control")).toBe(ASSET_CACHE_CONTROL);
    expect(res.headers.get("etag")).toBe(ETAG);
    expect(res.headers.get("last-modified")).toBe(LAST_MODIFIED_HTTP);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toBe("Content-Range, Content-Length, Accept-Ranges, ETag");
    await expectFull(res);
  });

  test("the same bytes can be served repeatedly", async () => {
    await expectFull(handler(req()));
    await expectFull(handler(req()));
    await expectPartial(handler(req({ Range: "bytes=10-19" })), 10, 19);
    await expectFull(handler(req()));
  });

  test("HEAD has the GET headers (the server drops the body; test/http/asset.test.ts proves none is sent)", async () => {
    const get = handler(req());
    const head = handler(req({}, "HEAD"));
    expect(head.status).toBe(200);
    expect([...head.headers.entries()]).toEqual([...get.headers.entries()]);
  });

  test("HEAD with a Range mirrors the 206 headers, without body", async () => {
    const head = handler(req({ Range: "bytes=0-9" }, "HEAD"));
    expect(head.status).toBe(206);
    expect(head.headers.get("content-range")).toBe(`bytes 0-9/${SIZE}`);
    expect(head.headers.get("content-length")).toBe("10");
  });

  test("ETag is a quoted strong SHA-256 tag, stable for the same bytes", () => {
    expect(ETAG).toMatch(/^"sha256-[A-Za-z0-9_-]{43}"$/);
    expect(computeStrongEtag(Uint8Array.from(BYTES))).toBe(ETAG);
    expect(computeStrongEtag(BYTES.slice(1))).not.toBe(ETAG);
  });

  test("an explicit etag is used (quoted if bare); weak tags are rejected", () => {
    const h1 = createAssetHandler({ bytes: BYTES, contentType: "audio/mpeg", lastModified: LAST_MODIFIED, etag: "v1" });
    expect(h1(req()).headers.get("etag")).toBe('"v1"');
    const h2 = createAssetHandler({ bytes: BYTES, contentType: "audio/mpeg", lastModified: LAST_MODIFIED, etag: '"v2"' });
    expect(h2(req()).headers.get("etag")).toBe('"v2"');
    expect(() =>
      createAssetHandler({ bytes: BYTES, contentType: "audio/mpeg", lastModified: LAST_MODIFIED, etag: 'W/"x"' }),
    ).toThrow();
  });
});

describe("asset handler: Range", () => {
  test("bytes=a-b", async () => {
    await expectPartial(handler(req({ Range: "bytes=10-19" })), 10, 19);
  });

  test("bytes=0-0 is the first byte", async () => {
    await expectPartial(handler(req({ Range: "bytes=0-0" })), 0, 0);
  });

  test("bytes=a- runs to the end", async () => {
    await expectPartial(handler(req({ Range: "bytes=90-" })), 90, 99);
    await expectPartial(handler(req({ Range: "bytes=99-" })), 99, 99);
  });

  test("bytes=-n is the last n bytes (clamped to the whole body)", async () => {
    await expectPartial(handler(req({ Range: "bytes=-5" })), 95, 99);
    await expectPartial(handler(req({ Range: "bytes=-100" })), 0, 99);
    await expectPartial(handler(req({ Range: "bytes=-1000" })), 0, 99);
  });

  test("end beyond the length is clamped", async () => {
    await expectPartial(handler(req({ Range: "bytes=50-1000" })), 50, 99);
    await expectPartial(handler(req({ Range: "bytes=0-99999999999999999999999" })), 0, 99);
  });

  test("unit and whitespace are tolerated", async () => {
    await expectPartial(handler(req({ Range: " Bytes=1-2 " })), 1, 2);
    await expectPartial(handler(req({ Range: "bytes= 3-4 " })), 3, 4);
  });

  test("start >= length → 416 with Content-Range bytes */len", async () => {
    await expectUnsatisfiable(handler(req({ Range: "bytes=100-" })));
    await expectUnsatisfiable(handler(req({ Range: "bytes=100-200" })));
    await expectUnsatisfiable(handler(req({ Range: "bytes=5000-6000" })));
  });

  test("bytes=-0 is unsatisfiable", async () => {
    await expectUnsatisfiable(handler(req({ Range: "bytes=-0" })));
  });

  test("416 carries the JSON error shape with the request id", async () => {
    const res = handler(req({ Range: "bytes=100-" }), "req-416");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const json = (await res.json()) as { error: { code: string; message: string; request_id: string } };
    expect(json.error.request_id).toBe("req-416");
    expect(json.error.message.length).toBeGreaterThan(0);
  });

  test("malformed ranges are ignored → 200 full", async () => {
    for (const range of ["bytes=5-2", "bytes=", "bytes=-", "bytes=a-b", "bytes=1-2-3", "bytes 1-2", "items=0-1", "bytes=--1", "bytes=1.5-2", "garbage"]) {
      await expectFull(handler(req({ Range: range })));
    }
  });

  test("multiple ranges → 200 full", async () => {
    await expectFull(handler(req({ Range: "bytes=0-1,5-6" })));
    await expectFull(handler(req({ Range: "bytes=0-1, -5" })));
    await expectFull(handler(req({ Range: "bytes=200-300,400-500" })));
  });

  test("empty list elements are tolerated", async () => {
    await expectPartial(handler(req({ Range: "bytes=0-1," })), 0, 1);
  });

  test("an empty asset: every range is unsatisfiable", async () => {
    const empty = createAssetHandler({ bytes: new Uint8Array(0), contentType: "audio/mpeg", lastModified: LAST_MODIFIED });
    for (const range of ["bytes=0-0", "bytes=0-", "bytes=-1"]) {
      const res = empty(req({ Range: range }));
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe("bytes */0");
    }
    const full = empty(req());
    expect(full.status).toBe(200);
    expect(full.headers.get("content-length")).toBe("0");
  });

  test("parseRange", () => {
    expect(parseRange(null, 10)).toEqual({ kind: "full" });
    expect(parseRange("bytes=2-4", 10)).toEqual({ kind: "partial", start: 2, end: 4 });
    expect(parseRange("bytes=-3", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(parseRange("bytes=7-", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(parseRange("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=4-2", 10)).toEqual({ kind: "full" });
    expect(parseRange("bytes=1-2,3-4", 10)).toEqual({ kind: "full" });
  });
});

describe("asset handler: conditional requests", () => {
  test("If-None-Match with the current ETag → 304 without body", async () => {
    const res = handler(req({ "If-None-Match": ETAG }));
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(ETAG);
    expect(res.headers.get("cache-control")).toBe(ASSET_CACHE_CONTROL);
    expect(res.headers.get("last-modified")).toBe(LAST_MODIFIED_HTTP);
    expect((await body(res)).length).toBe(0);
  });

  test("If-None-Match: list, weak comparison and *", () => {
    expect(handler(req({ "If-None-Match": `"other", ${ETAG}` })).status).toBe(304);
    expect(handler(req({ "If-None-Match": `W/${ETAG}` })).status).toBe(304);
    expect(handler(req({ "If-None-Match": "*" })).status).toBe(304);
    expect(handler(req({ "If-None-Match": ETAG }, "HEAD")).status).toBe(304);
  });

  test("If-None-Match mismatch → 200 and overrides If-Modified-Since", async () => {
    await expectFull(handler(req({ "If-None-Match": '"stale"' })));
    await expectFull(handler(req({ "If-None-Match": '"stale"', "If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT" })));
  });

  test("If-None-Match match wins over Range", () => {
    expect(handler(req({ "If-None-Match": ETAG, Range: "bytes=0-1" })).status).toBe(304);
  });

  test("If-Modified-Since", async () => {
    expect(handler(req({ "If-Modified-Since": LAST_MODIFIED_HTTP })).status).toBe(304);
    expect(handler(req({ "If-Modified-Since": "Sat, 03 Jan 2026 00:00:00 GMT" })).status).toBe(304);
    await expectFull(handler(req({ "If-Modified-Since": "Fri, 02 Jan 2026 03:04:04 GMT" })));
    await expectFull(handler(req({ "If-Modified-Since": "not a date" })));
  });

  test("If-Range with the current ETag → 206, mismatch → 200 full", async () => {
    await expectPartial(handler(req({ Range: "bytes=0-9", "If-Range": ETAG })), 0, 9);
    await expectFull(handler(req({ Range: "bytes=0-9", "If-Range": '"old-version"' })));
    await expectFull(handler(req({ Range: "bytes=0-9", "If-Range": `W/${ETAG}` })));
  });

  test("If-Range with a date: exact Last-Modified → 206, other/invalid → 200 full", async () => {
    await expectPartial(handler(req({ Range: "bytes=0-9", "If-Range": LAST_MODIFIED_HTTP })), 0, 9);
    await expectFull(handler(req({ Range: "bytes=0-9", "If-Range": "Thu, 01 Jan 2026 00:00:00 GMT" })));
    await expectFull(handler(req({ Range: "bytes=0-9", "If-Range": "yesterday" })));
  });

  test("If-Range mismatch also turns an unsatisfiable range into 200 full", async () => {
    await expectFull(handler(req({ Range: "bytes=500-", "If-Range": '"old"' })));
  });

  test("If-Match / If-Unmodified-Since failures → 412", () => {
    expect(handler(req({ "If-Match": '"other"' })).status).toBe(412);
    expect(handler(req({ "If-Match": ETAG })).status).toBe(200);
    expect(handler(req({ "If-Match": "*" })).status).toBe(200);
    expect(handler(req({ "If-Unmodified-Since": "Thu, 01 Jan 2026 00:00:00 GMT" })).status).toBe(412);
    expect(handler(req({ "If-Unmodified-Since": LAST_MODIFIED_HTTP })).status).toBe(200);
  });
});

describe("asset handler: CORS and methods", () => {
  test("OPTIONS preflight → 204", async () => {
    const res = handler(
      req({ Origin: "https://app.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "range" }, "OPTIONS"),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("Range, If-None-Match, If-Range, If-Modified-Since");
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect((await body(res)).length).toBe(0);
  });

  test("other methods → 405 with Allow and the JSON error shape", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = handler(new Request(URL_, { method, body: method === "DELETE" ? undefined : "x" }), "req-123");
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const json = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(json)).toEqual(["error"]);
      const error = json.error as Record<string, unknown>;
      expect(error.code).toBe("METHOD_NOT_ALLOWED");
      expect(typeof error.message).toBe("string");
      expect(error.request_id).toBe("req-123");
    }
  });

  test("405 without a request id still has one", async () => {
    const json = (await handler(req({}, "PUT")).json()) as { error: { request_id: string } };
    expect(json.error.request_id.length).toBeGreaterThan(0);
  });
});

describe("embedded healing audio", () => {
  const ASSET_FILE = join(import.meta.dir, "../../..", "assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3");

  test("path constant", () => {
    expect(HEALING_AUDIO_PATH).toBe("/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3");
    expect(HEALING_AUDIO_CONTENT_TYPE).toBe("audio/mpeg");
  });

  test("the asset exists and is a plain CBR MP3 (MPEG-2 Layer III, 22050 Hz mono, 48 kbps) of ~600 s", () => {
    const size = statSync(ASSET_FILE).size;
    const head = readFileSync(ASSET_FILE).subarray(0, 4);
    // Frame sync (11 set bits), no ID3 tag.
    expect(head[0]).toBe(0xff);
    expect(head[1] & 0xe0).toBe(0xe0);
    const version = (head[1] >> 3) & 3; // 2 = MPEG-2
    const layer = (head[1] >> 1) & 3; // 1 = Layer III
    const bitrateIndex = head[2] >> 4; // MPEG-2 L3 table: index 6 = 48 kbps
    const sampleRateIndex = (head[2] >> 2) & 3; // MPEG-2: 0 = 22050 Hz
    const channelMode = head[3] >> 6; // 3 = mono
    expect([version, layer, bitrateIndex, sampleRateIndex, channelMode]).toEqual([2, 1, 6, 0, 3]);
    const seconds = (size * 8) / 48000;
    expect(seconds).toBeGreaterThan(599);
    expect(seconds).toBeLessThan(601);
  });

  test("loadHealingAudio returns the file bytes, cached", async () => {
    const a = await loadHealingAudio();
    const b = await loadHealingAudio();
    expect(a).toBe(b);
    expect(a.length).toBe(statSync(ASSET_FILE).size);
    expect(a.subarray(0, 64)).toEqual(new Uint8Array(readFileSync(ASSET_FILE).subarray(0, 64)));
  });

  test("createHealingAudioHandler serves the track with ranges", async () => {
    const h = await createHealingAudioHandler();
    expect(await createHealingAudioHandler()).toBe(h);
    const bytes = await loadHealingAudio();
    const res = h(new Request(`http://localhost${HEALING_AUDIO_PATH}`, { headers: { Range: "bytes=0-3" } }));
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-3/${bytes.length}`);
    expect(res.headers.get("last-modified")).toBe(HEALING_AUDIO_LAST_MODIFIED.toUTCString());
    expect(res.headers.get("etag")).toBe(computeStrongEtag(bytes));
    expect(await body(res)).toEqual(bytes.slice(0, 4));
  });

  test("the generator is deterministic (short render)", () => {
    const a = generateHealingAudio(2);
    const b = generateHealingAudio(2);
    expect(a.length).toBeGreaterThan(1000);
    expect(a[0]).toBe(0xff);
    expect(a[1] & 0xe0).toBe(0xe0);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

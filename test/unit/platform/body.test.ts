/**
 * Reading a JSON request body (src/platform/body.ts) from real Fetch API Requests.
 * Expectations: docs/interface-spec.md (bodies are JSON, `Content-Type: application/json`); the error
 * catalog's codes for the statuses the spec leaves open (docs/internals.md: 413 PAYLOAD_TOO_LARGE at
 * 64 KiB, 415 UNSUPPORTED_MEDIA_TYPE, 400 INVALID_JSON); docs/guide.md "Bodies are limited to 64 KiB";
 * RFC 9110 §8.3.1 (media type case-insensitive, optional whitespace before `;` parameters) and
 * RFC 6839 §3.1 (a `+json` suffix names a JSON type: application/merge-patch+json of RFC 7396).
 */
import { describe, expect, test } from "bun:test";
import { readJsonBody } from "../../../src/platform/body.ts";
import { rejection } from "../../helpers/platform-unit.ts";

const KIB_64 = 64 * 1024;
const URL = "http://localhost/v1/bazi/charts";
const bytes = (text: string) => new TextEncoder().encode(text);

/** A body sent with its length declared (Content-Length), as a client with the whole body does. */
function declared(body: Uint8Array, contentType: string | null = "application/json"): Request {
  const headers: Record<string, string> = { "content-length": String(body.byteLength) };
  if (contentType !== null) headers["content-type"] = contentType;
  return new Request(URL, { method: "POST", headers, body });
}

/** A body streamed in chunks with no Content-Length (chunked transfer coding). */
function streamed(chunks: Uint8Array[], contentType = "application/json"): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Request(URL, { method: "POST", headers: { "content-type": contentType }, body });
}

/** A JSON string value of exactly `size` bytes. */
const jsonOfSize = (size: number) => `"${"a".repeat(size - 2)}"`;

const refusal = rejection;

describe("Content-Type", () => {
  test("application/json is accepted in any case, with parameters, and with whitespace before them", async () => {
    for (const type of ["application/json", "Application/JSON", "application/json; charset=utf-8", "application/json ; charset=utf-8"]) {
      expect(await readJsonBody(declared(bytes('{"a":1}'), type))).toEqual({ a: 1 });
    }
  });

  test("a +json structured type is accepted: application/merge-patch+json", async () => {
    expect(await readJsonBody(declared(bytes('{"a":null}'), "application/merge-patch+json"))).toEqual({ a: null });
  });

  test("a request without Content-Type is refused 415 UNSUPPORTED_MEDIA_TYPE, even when its body is JSON", async () => {
    const err = await refusal(readJsonBody(declared(bytes('{"a":1}'), null)));
    expect(err.status).toBe(415);
    expect(err.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(err.message).toContain("Content-Type: application/json");
  });

  test("other media types are refused 415: text/plain, a type with text before application/, a +json-seq sequence", async () => {
    for (const type of ["text/plain", "xapplication/json", "xapplication/merge-patch+json", "application/geo+json-seq"]) {
      const err = await refusal(readJsonBody(declared(bytes('{"a":1}'), type)));
      expect([type, err.status, err.code]).toEqual([type, 415, "UNSUPPORTED_MEDIA_TYPE"]);
    }
  });
});

describe("the 64 KiB limit", () => {
  test("a body of exactly 64 KiB is accepted, declared or streamed", async () => {
    const text = jsonOfSize(KIB_64);
    expect(((await readJsonBody(declared(bytes(text)))) as string).length).toBe(KIB_64 - 2);
    const half = bytes(text.slice(0, KIB_64 / 2));
    const rest = bytes(text.slice(KIB_64 / 2));
    expect(((await readJsonBody(streamed([half, rest]))) as string).length).toBe(KIB_64 - 2);
  });

  test("a declared Content-Length over 64 KiB is refused 413 PAYLOAD_TOO_LARGE, naming the limit", async () => {
    const err = await refusal(readJsonBody(declared(bytes(jsonOfSize(KIB_64 + 1)))));
    expect(err.status).toBe(413);
    expect(err.code).toBe("PAYLOAD_TOO_LARGE");
    expect(err.message).toMatch(/(?<!\d)64 KiB/); // the limit itself, not a number ending in 64
  });

  test("a streamed body without Content-Length is refused 413 once it passes 64 KiB", async () => {
    const text = jsonOfSize(KIB_64 + 1);
    const err = await refusal(readJsonBody(streamed([bytes(text.slice(0, 40_000)), bytes(text.slice(40_000))])));
    expect(err.status).toBe(413);
    expect(err.code).toBe("PAYLOAD_TOO_LARGE");
  });

  test("a small streamed body is read whole, from all its chunks", async () => {
    expect(await readJsonBody(streamed([bytes('{"na'), bytes('me":"'), bytes('Ada"}')]))).toEqual({ name: "Ada" });
  });
});

describe("UTF-8", () => {
  test("invalid UTF-8 is refused 400 INVALID_JSON saying so, never read as U+FFFD", async () => {
    const invalid = new Uint8Array([...bytes('{"a":"'), 0xff, 0xfe, ...bytes('"}')]); // 0xFF never occurs in UTF-8
    for (const request of [declared(invalid), streamed([invalid])]) {
      const err = await refusal(readJsonBody(request));
      expect(err.status).toBe(400);
      expect(err.code).toBe("INVALID_JSON");
      expect(err.message).toContain("UTF-8");
    }
  });
});

describe("empty and malformed bodies", () => {
  test("a request with no body is refused 400 INVALID_JSON saying the body is empty", async () => {
    const err = await refusal(readJsonBody(new Request(URL, { method: "POST", headers: { "content-type": "application/json" } })));
    expect(err.status).toBe(400);
    expect(err.code).toBe("INVALID_JSON");
    expect(err.message).toContain("empty");
  });

  test("an empty or whitespace-only body is refused as empty", async () => {
    for (const text of ["", " \r\n\t "]) {
      for (const request of [declared(bytes(text)), streamed([bytes(text)])]) {
        const err = await refusal(readJsonBody(request));
        expect([JSON.stringify(text), err.code, err.message.includes("empty")]).toEqual([JSON.stringify(text), "INVALID_JSON", true]);
      }
    }
  });

  test("a body that is not JSON is refused 400 INVALID_JSON", async () => {
    const err = await refusal(readJsonBody(declared(bytes('{"a":'))));
    expect(err.status).toBe(400);
    expect(err.code).toBe("INVALID_JSON");
    expect(err.message).toContain("not valid JSON");
  });
});

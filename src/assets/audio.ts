/**
 * Static asset handler for the embedded healing audio track.
 *
 * Our own implementation (not Elysia's file helper, which mishandles `Range`
 * inside a `bun build --compile` executable). Works on Web-standard
 * Request/Response and serves an in-memory byte array:
 *
 *   - GET → 200 full body; HEAD → same response, whose body the HTTP server drops (Range honoured too).
 *   - A single `Range: bytes=a-b | a- | -n` → 206 + `Content-Range: bytes a-b/len`
 *     (end clamped to len-1); unsatisfiable → 416 + `Content-Range: bytes * /len`;
 *     several ranges, a malformed range (e.g. `bytes=5-2`) or another unit → 200 full.
 *   - Strong `ETag` (SHA-256 of the bytes, computed once) and `Last-Modified`;
 *     `If-Match` / `If-Unmodified-Since` → 412, `If-None-Match` / `If-Modified-Since`
 *     → 304 (RFC 9110 §13.2.2 order), `If-Range` (strong etag or exact date;
 *     mismatch → 200 full).
 *   - Long-lived immutable caching, permissive CORS (with exposed range headers),
 *     `OPTIONS` preflight → 204, any other method → 405 JSON error with `Allow`.
 */
import { createHash } from "node:crypto";
// `with { type: "file" }` makes `bun build --compile` embed the file in the
// executable; at run time the import is a path readable with Bun.file().
import healingAudioFile from "../../assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3" with { type: "file" };

/** Public URL path of the healing breathing track. */
export const HEALING_AUDIO_PATH = "/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3";
export const HEALING_AUDIO_CONTENT_TYPE = "audio/mpeg";
/**
 * Fixed Last-Modified of the versioned asset (release date of 1.0.0). A constant
 * rather than the process start time, so every instance and restart agrees.
 */
export const HEALING_AUDIO_LAST_MODIFIED = new Date("2026-11-23T00:00:00.000Z");

export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const ASSET_ALLOWED_METHODS = "GET, HEAD, OPTIONS";
export const ASSET_ALLOWED_REQUEST_HEADERS = "Range, If-None-Match, If-Range, If-Modified-Since";
export const ASSET_EXPOSED_HEADERS = "Content-Range, Content-Length, Accept-Ranges, ETag";
export const ASSET_PREFLIGHT_MAX_AGE_SECONDS = 86400;

export interface AssetHandlerOptions {
  bytes: Uint8Array;
  /** e.g. `audio/mpeg`. */
  contentType: string;
  lastModified: Date;
  /** Strong entity tag (quoted or bare); computed from SHA-256 of `bytes` when omitted. */
  etag?: string;
}

/** `requestId` is echoed in JSON error bodies; a random UUID is used when absent. */
export type AssetHandler = (req: Request, requestId?: string) => Response;

export type ByteRange =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

/** Strong ETag derived from the SHA-256 of the content: `"sha256-<base64url>"`. */
export function computeStrongEtag(bytes: Uint8Array): string {
  return `"sha256-${createHash("sha256").update(bytes).digest("base64url")}"`;
}

/**
 * Interprets a `Range` header for a representation of `size` bytes.
 * Only a single `bytes` range is served; anything else falls back to the full body.
 */
export function parseRange(header: string | null, size: number): ByteRange {
  if (header === null) return { kind: "full" };
  const m = /^bytes=(.*)$/i.exec(header.trim());
  if (!m) return { kind: "full" }; // unknown unit or garbage: ignore Range
  const specs = m[1]
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (specs.length !== 1) return { kind: "full" }; // multiple (or no) ranges: serve whole body
  const r = /^(\d*)-(\d*)$/.exec(specs[0]);
  if (!r || (r[1] === "" && r[2] === "")) return { kind: "full" };
  if (r[1] === "") {
    // Suffix range: last n bytes.
    const n = Number(r[2]);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(r[1]);
  const last = r[2] === "" ? Infinity : Number(r[2]);
  if (last < start) return { kind: "full" }; // invalid range-spec, e.g. bytes=5-2
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(last, size - 1) };
}

function normaliseStrongEtag(etag: string): string {
  const t = etag.trim();
  if (t.startsWith("W/")) throw new Error("createAssetHandler: etag must be a strong entity tag");
  const quoted = t.startsWith('"') ? t : `"${t}"`;
  if (!/^"[\x21\x23-\x7e\x80-\xff]*"$/.test(quoted)) throw new Error(`createAssetHandler: invalid etag ${etag}`);
  return quoted;
}

/** Does an If-Match / If-None-Match list match `etag`? (weak or strong comparison) */
function etagListMatches(header: string, etag: string, weakComparison: boolean): boolean {
  if (header.trim() === "*") return true;
  for (const m of header.matchAll(/(W\/)?("[^"]*")/g)) {
    if (m[1] && !weakComparison) continue;
    if (m[2] === etag) return true;
  }
  return false;
}

/** Parses an HTTP-date; undefined when absent or invalid. */
function parseHttpDate(value: string | null): number | undefined {
  if (value === null) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? undefined : ms;
}

export function createAssetHandler(options: AssetHandlerOptions): AssetHandler {
  const { bytes, contentType } = options;
  const size = bytes.byteLength;
  const lastModifiedMs = options.lastModified.getTime();
  if (Number.isNaN(lastModifiedMs)) throw new Error("createAssetHandler: invalid lastModified");
  // HTTP dates have one-second resolution: compare at that resolution.
  const lastModifiedSec = Math.floor(lastModifiedMs / 1000);
  const lastModified = new Date(lastModifiedSec * 1000).toUTCString();
  const etag = options.etag === undefined ? computeStrongEtag(bytes) : normaliseStrongEtag(options.etag);

  const corsHeaders = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": ASSET_EXPOSED_HEADERS,
  } as const;
  const validatorHeaders = {
    ...corsHeaders,
    "Accept-Ranges": "bytes",
    "Cache-Control": ASSET_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": lastModified,
    "X-Content-Type-Options": "nosniff",
  } as const;

  const errorResponse = (
    status: number,
    code: string,
    message: string,
    requestId: string | undefined,
    extra: Record<string, string> = {},
  ): Response => {
    const body = JSON.stringify({ error: { code, message, request_id: requestId ?? crypto.randomUUID() } });
    return new Response(body, {
      status,
      headers: {
        ...corsHeaders,
        "Cache-Control": "no-store",
        "Content-Type": "application/json",
        ...extra,
      },
    });
  };

  const notModified = () => new Response(null, { status: 304, headers: validatorHeaders });

  return (req: Request, requestId?: string): Response => {
    const method = req.method.toUpperCase();

    if (method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          ...corsHeaders,
          Allow: ASSET_ALLOWED_METHODS,
          "Access-Control-Allow-Methods": ASSET_ALLOWED_METHODS,
          "Access-Control-Allow-Headers": ASSET_ALLOWED_REQUEST_HEADERS,
          "Access-Control-Max-Age": String(ASSET_PREFLIGHT_MAX_AGE_SECONDS),
        },
      });
    }
    if (method !== "GET" && method !== "HEAD") {
      return errorResponse(
        405,
        "METHOD_NOT_ALLOWED",
        `Method ${req.method} is not allowed on this asset; use GET, HEAD or OPTIONS.`,
        requestId,
        { Allow: ASSET_ALLOWED_METHODS },
      );
    }
    // HEAD returns the same representation: Bun.serve sends its headers (Content-Length included)
    // and drops the body. A null body would make Bun send Content-Length: 0.
    const h = req.headers;

    // RFC 9110 §13.2.2: If-Match, else If-Unmodified-Since; If-None-Match, else If-Modified-Since; then If-Range.
    const ifMatch = h.get("if-match");
    if (ifMatch !== null) {
      if (!etagListMatches(ifMatch, etag, false)) {
        return errorResponse(412, "PRECONDITION_FAILED", "If-Match does not match the current representation.", requestId);
      }
    } else {
      const ius = parseHttpDate(h.get("if-unmodified-since"));
      if (ius !== undefined && lastModifiedSec * 1000 > ius) {
        return errorResponse(412, "PRECONDITION_FAILED", "The asset was modified after If-Unmodified-Since.", requestId);
      }
    }
    const ifNoneMatch = h.get("if-none-match");
    if (ifNoneMatch !== null) {
      if (etagListMatches(ifNoneMatch, etag, true)) return notModified();
    } else {
      const ims = parseHttpDate(h.get("if-modified-since"));
      if (ims !== undefined && lastModifiedSec * 1000 <= ims) return notModified();
    }

    let range = parseRange(h.get("range"), size);
    if (range.kind !== "full") {
      const ifRange = h.get("if-range");
      if (ifRange !== null && !ifRangeMatches(ifRange.trim())) range = { kind: "full" };
    }

    if (range.kind === "unsatisfiable") {
      return errorResponse(
        416,
        "RANGE_NOT_SATISFIABLE",
        `The requested range is not satisfiable for a ${size}-byte asset.`,
        requestId,
        { "Accept-Ranges": "bytes", "Content-Range": `bytes */${size}` },
      );
    }
    if (range.kind === "partial") {
      const { start, end } = range;
      return new Response(bytes.subarray(start, end + 1), {
        status: 206,
        headers: {
          ...validatorHeaders,
          "Content-Type": contentType,
          "Content-Length": String(end - start + 1),
          "Content-Range": `bytes ${start}-${end}/${size}`,
        },
      });
    }
    return new Response(bytes, {
      status: 200,
      headers: { ...validatorHeaders, "Content-Type": contentType, "Content-Length": String(size) },
    });
  };

  function ifRangeMatches(value: string): boolean {
    if (value.startsWith("W/")) return false; // weak validators never match If-Range
    if (value.startsWith('"')) return value === etag;
    const ms = parseHttpDate(value);
    return ms !== undefined && Math.floor(ms / 1000) === lastModifiedSec;
  }
}

let healingAudioBytes: Promise<Uint8Array> | undefined;

/** Bytes of the embedded healing track (read once, then cached). */
export function loadHealingAudio(): Promise<Uint8Array> {
  healingAudioBytes ??= Bun.file(healingAudioFile)
    .bytes()
    .catch((err: unknown) => {
      healingAudioBytes = undefined;
      throw err;
    });
  return healingAudioBytes;
}

let healingAudioHandler: Promise<AssetHandler> | undefined;

/** Handler for {@link HEALING_AUDIO_PATH} (bytes loaded and ETag hashed once). */
export function createHealingAudioHandler(): Promise<AssetHandler> {
  healingAudioHandler ??= loadHealingAudio().then(
    (bytes) =>
      createAssetHandler({
        bytes,
        contentType: HEALING_AUDIO_CONTENT_TYPE,
        lastModified: HEALING_AUDIO_LAST_MODIFIED,
      }),
    (err: unknown) => {
      healingAudioHandler = undefined;
      throw err;
    },
  );
  return healingAudioHandler;
}

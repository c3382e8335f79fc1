/**
 * Reads a JSON request body with a hard size limit, before anything trusts it.
 */
import { ApiError } from "./errors.ts";

export const MAX_BODY_BYTES = 64 * 1024;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(";")[0]!.trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  // With a declared length the HTTP framing bounds the body, so read it whole:
  // far cheaper than a stream reader. Only chunked bodies are counted as they come.
  if (declared !== null) return utf8.decode(await request.arrayBuffer());
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return utf8.decode(Buffer.concat(chunks));
}

function tooLarge(limit: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `The body is larger than ${limit / 1024} KiB.`);
}

/**
 * @returns the parsed JSON value (any JSON type; the schema decides what is allowed)
 * @throws ApiError 415 / 413 / 400 INVALID_JSON
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with the header Content-Type: application/json.");
  }
  let text: string;
  try {
    text = await readLimited(request, limit);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("INVALID_JSON", "The body is not valid UTF-8.");
  }
  if (text.trim() === "") throw new ApiError("INVALID_JSON", "The body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch (err) {
    const reason = err instanceof SyntaxError ? err.message : "parse error";
    throw new ApiError("INVALID_JSON", `The body is not valid JSON (${reason}).`);
  }
}

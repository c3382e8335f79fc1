/**
 * Prefixed identifiers from one helper. The random part is 20 base62
 * characters from the CSPRNG (≈119 bits), so ids are unguessable as well as unique.
 */
export const ID_PREFIXES = {
  chart: "bzc",
  cast: "lyc",
  plan: "hpl",
  session: "hsn",
  response: "resp",
  feedback: "fb",
  checkout: "hck",
  app: "app",
  key: "key",
  request: "req",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` base62 characters from crypto.getRandomValues, without modulo bias. */
export function randomBase62(length: number): string {
  let out = "";
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (let i = 0; i < bytes.length && out.length < length; i++) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (bytes[i]! < 248) out += BASE62[bytes[i]! % 62];
    }
  }
  return out;
}

/** @example newId("chart") // "bzc_3kP0…" */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBase62(20)}`;
}

export { BASE62 };

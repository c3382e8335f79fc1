/**
 * Prefixed identifiers from one helper: 20 base62 characters after the prefix,
 * the creation millisecond (8 characters) then 12 from the CSPRNG (≈71 bits),
 * so ids are unique and unguessable, and ids made later sort after earlier ones.
 *
 * Why time first: every table is indexed by id, and random ids scatter each
 * insert over the whole index, so a commit rewrites a different index page per
 * row. Time-ordered ids append to the same few pages (fewer WAL bytes per
 * commit). created_at is public anyway, so the time part reveals nothing new.
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

const TIME_LENGTH = 8;

/** `ms` as fixed-width base62, so ids compare as strings in time order (62^8 ms reach the year 8900). */
export function base62Time(ms: number): string {
  let out = "";
  for (let rest = Math.floor(ms), i = 0; i < TIME_LENGTH; i++, rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out;
}

/** @example newId("chart") // "bzc_0XkqTb3Q9fZ2rLw8mN4s" */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${base62Time(now)}${randomBase62(20 - TIME_LENGTH)}`;
}

export { BASE62 };

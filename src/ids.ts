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
import { SUBJECTS } from "./subjects.ts";

export const ID_PREFIXES = {
  chart: SUBJECTS.chart.prefix,
  cast: SUBJECTS.cast.prefix,
  plan: SUBJECTS.plan.prefix,
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

const RANDOM_LENGTH = 20 - TIME_LENGTH;
const digitsOf = (text: string) => Array.from(text, (c) => BASE62.indexOf(c));

/**
 * The random digits plus 1 plus a random amount in the six lowest digits (up to 62^6 ≈ 2^35), in
 * base 62; null past the largest value (after ~10^10 ids in one millisecond).
 */
function stepUp(digits: readonly number[]): number[] | null {
  const out = [...digits];
  const step = crypto.getRandomValues(new Uint8Array(6));
  let carry = 1;
  for (let i = out.length - 1, k = 0; i >= 0; i--, k++) {
    const sum = out[i]! + carry + (k < step.length ? step[k]! % 62 : 0);
    out[i] = sum % 62;
    carry = Math.floor(sum / 62);
  }
  return carry > 0 ? null : out;
}

/** The last id made per kind in this process: the next one in the same millisecond must sort after it. */
const lastOf = new Map<IdKind, { time: string; digits: number[] }>();

/**
 * Ids made in the same millisecond by this process still sort in the order they were made (the
 * list endpoints page by id): the random part then steps up from the last one by a random amount,
 * so it stays unpredictable while it grows (ULID's monotonic mode, with a random step instead of 1).
 * Request ids, never listed, are plain.
 * @example newId("chart") // "bzc_0XkqTb3Q9fZ2rLw8mN4s"
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  const time = base62Time(now);
  if (kind === "request") return `${ID_PREFIXES.request}_${time}${randomBase62(RANDOM_LENGTH)}`;
  const last = lastOf.get(kind);
  // Only within the same millisecond: after a clock step back, order follows the clock again.
  const digits = (last?.time === time && stepUp(last.digits)) || digitsOf(randomBase62(RANDOM_LENGTH));
  lastOf.set(kind, { time, digits });
  return `${ID_PREFIXES[kind]}_${time}${digits.map((d) => BASE62[d]).join("")}`;
}

export { BASE62 };

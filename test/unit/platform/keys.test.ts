/**
 * API keys (src/platform/keys.ts). The format is docs/internals.md's "Keys": `ap_test_`/`ap_live_` +
 * 32 base62 characters + a 6-character checksum, the CRC-32 of the rest written in base62
 * (0-9A-Za-z, most significant digit first). Checksums here come from node:zlib's crc32, an
 * independent CRC-32, and the base62 digits below are worked by hand; digests from node:crypto.
 */
import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { crc32 } from "node:zlib";
import { digestKey, generateKey, keyHint, parseKey } from "../../../src/platform/keys.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Six base62 digits of n, most significant first (n < 2^32 < 62^6). */
function sixDigits(n: number): string {
  let out = "";
  for (let i = 0; i < 6; i++, n = Math.floor(n / 62)) out = BASE62[n % 62] + out;
  return out;
}
const checksumOf = (head: string) => sixDigits(crc32(head));
const BODY = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

describe("parseKey", () => {
  test("a key whose checksum is the CRC-32 of the rest in base62 is accepted, with its environment", () => {
    // zlib.crc32("ap_test_0123456789ABCDEFGHIJKLMNOPQRSTUV") = 1280479033, by hand in base62:
    // 1·62^5 + 24·62^4 + 40·62^3 + 47·62^2 + 5·62 + 39 → digits 1, O, e, l, 5, d.
    expect(crc32(`ap_test_${BODY}`)).toBe(1280479033);
    expect(parseKey(`ap_test_${BODY}1Oel5d`)).toBe("test");
    expect(parseKey(`ap_live_${BODY}${checksumOf(`ap_live_${BODY}`)}`)).toBe("live");
  });

  test("a mistyped key fails its checksum: one character of the body or of the checksum changed", () => {
    expect(parseKey(`ap_test_${BODY.replace("7", "8")}1Oel5d`)).toBeNull();
    expect(parseKey(`ap_test_${BODY}1Oel5e`)).toBeNull();
    // the checksum covers the prefix too: a test key relabelled live
    expect(parseKey(`ap_live_${BODY}1Oel5d`)).toBeNull();
  });

  test("a key must begin with its prefix: a character in front of ap_ is refused, even with a checksum over all before it", () => {
    const head = `xap_test_${BODY}`;
    expect(parseKey(head + checksumOf(head))).toBeNull();
  });

  test("a key must end with its checksum: a character after it is refused, even where the 41 characters before the last 6 check out", () => {
    // Find a body and digit c whose checksum over `ap_test_<body>c` begins with c itself: then a reader
    // that does not insist on the end would see `ap_test_<body>` + checksum + "!" as well-formed.
    let key = "";
    for (let i = 0; !key; i++) {
      const body = BODY.slice(0, 28) + sixDigits(i).slice(2);
      for (const c of "01234") {
        const sum = checksumOf(`ap_test_${body}${c}`);
        if (sum[0] === c) key = `ap_test_${body}${sum}!`;
      }
    }
    expect(key).toHaveLength(47);
    expect(parseKey(key)).toBeNull();
  });
});

describe("generateKey", () => {
  test("a generated key has the prefix of its environment, 32 base62 characters and the CRC-32 checksum of the rest", () => {
    for (const env of ["test", "live"] as const) {
      const key = generateKey(env);
      expect(key).toMatch(new RegExp(`^ap_${env}_[0-9A-Za-z]{38}$`));
      expect(key.slice(-6)).toBe(checksumOf(key.slice(0, -6)));
      expect(parseKey(key)).toBe(env);
    }
  });
});

describe("digestKey", () => {
  test("the stored digest is the HMAC-SHA-256 of the key under the pepper, in hex", () => {
    const key = `ap_test_${BODY}1Oel5d`;
    const digest = digestKey(key, "pepper-0123456789");
    expect(digest).toBe(createHmac("sha256", "pepper-0123456789").update(key).digest("hex"));
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("keyHint", () => {
  // The hint's form is the one src/platform/keys.ts documents: "ap_test_…x9Qz" (environment and the last 4 characters).
  test("a test key's hint names its environment and shows only its last four characters", () => {
    expect(keyHint(`ap_test_${BODY}1Oel5d`)).toBe("ap_test_…el5d");
  });
  test("a live key's hint names the live environment", () => {
    expect(keyHint(`ap_live_${BODY}4cA1sK`)).toBe("ap_live_…A1sK");
  });
});

/**
 * API keys: `ap_test_` / `ap_live_` + 32 base62 characters from the CSPRNG + a
 * 6-character base62 checksum (CRC-32 of the rest). A mistyped key fails the
 * checksum and is refused before any database read. Only an HMAC-SHA-256 digest
 * (peppered with KEY_PEPPER) is stored.
 */
import { createHmac } from "node:crypto";
import { BASE62, randomBase62 } from "../ids.ts";
import type { AppEnv } from "../db/types.ts";

const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^ap_(test|live)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(prefixAndBody: string): string {
  let n = crc32(prefixAndBody);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** @example generateKey("test") // "ap_test_…" (46 characters) */
export function generateKey(env: AppEnv): string {
  const head = `ap_${env}_${randomBase62(BODY_LENGTH)}`;
  return head + checksum(head);
}

/** The environment a well-formed key belongs to, or null when its shape or checksum is wrong. */
export function parseKey(key: string): AppEnv | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const head = key.slice(0, key.length - CHECKSUM_LENGTH);
  return checksum(head) === match[3] ? (match[1] as AppEnv) : null;
}

export function digestKey(key: string, pepper: string): string {
  return createHmac("sha256", pepper).update(key).digest("hex");
}

/** A masked hint that identifies a key without revealing it: "ap_test_…x9Qz". */
export function keyHint(key: string): string {
  const env = key.startsWith("ap_live_") ? "live" : "test";
  return `ap_${env}_…${key.slice(-4)}`;
}

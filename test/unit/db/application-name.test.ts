import { expect, test } from "bun:test";
import { instanceApplicationName } from "../../../src/db/postgres/pool-use.ts";

test("an instance's application_name starts with lingshu, names host and process, and fits PostgreSQL's 63 bytes", () => {
  expect(instanceApplicationName("api-1", 4242, "a1b2c3")).toBe("lingshu/api-1/4242/a1b2c3");
  const long = instanceApplicationName("h".repeat(200) + ".example.com", 1, "ffffff");
  expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
  expect(long).toEndWith("/1/ffffff");
  // Characters outside a host name's own (a space, non-ASCII) do not reach the server.
  expect(instanceApplicationName("mac mini 灵", 7, "000000")).toBe("lingshu/mac_mini__/7/000000");
  expect(instanceApplicationName()).not.toBe(instanceApplicationName());
});

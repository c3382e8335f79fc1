/**
 * The repository's copies of the shared reference data (test/helpers/reference.ts) are byte for
 * byte the originals, wherever the originals are beside the repository; a plain clone without
 * them runs the tests on the copies.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { REFERENCE_COPIES } from "../helpers/reference.ts";

describe("reference copies", () => {
  test("every copy is in the repository", () => {
    for (const { copy } of REFERENCE_COPIES) expect({ copy, there: existsSync(copy) }).toEqual({ copy, there: true });
  });
  const shared = REFERENCE_COPIES.filter(({ original }) => existsSync(original));
  test.if(shared.length > 0)(`equal their originals in ../shared (${shared.length} of ${REFERENCE_COPIES.length} present)`, () => {
    for (const { copy, original } of shared) expect({ copy, same: readFileSync(copy).equals(readFileSync(original)) }).toEqual({ copy, same: true });
  });
});

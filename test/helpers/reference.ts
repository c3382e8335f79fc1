/**
 * The reference data the tests check against, kept in the repository so a plain clone's tests
 * run: the golden cases of implementations independent of ours (test/reference/golden), the
 * design's healing catalog (test/reference/design) and the interface specification
 * (docs/interface-spec.md). Each is a copy of the shared originals beside the repository
 * (../shared/golden, ../shared/design, ../shared/spec), and test/unit/reference-copies.test.ts
 * fails when a copy differs from its original.
 */
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** A file under test/reference: referencePath("golden", "bazi", "golden.jsonl"). */
export const referencePath = (...parts: string[]) => join(ROOT, "test", "reference", ...parts);

/** Each in-repository copy and its original under ../shared. */
export const REFERENCE_COPIES: readonly { copy: string; original: string }[] = [
  ...["README.md", "bazi/golden.jsonl", "bazi/invalid.jsonl", "liuyao/golden.jsonl"].map((file) => ({ copy: referencePath("golden", file), original: join(ROOT, "..", "shared", "golden", file) })),
  { copy: referencePath("design", "healing-catalog.json"), original: join(ROOT, "..", "shared", "design", "healing-catalog.json") },
  { copy: join(ROOT, "docs", "interface-spec.md"), original: join(ROOT, "..", "shared", "spec", "interface-spec.md") },
];

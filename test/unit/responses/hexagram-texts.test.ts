/** The classic's text for the 64 hexagrams, against a table written independently of ours. */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HEXAGRAM_TEXTS, JUDGMENT_TITLE } from "../../../src/responses/data/hexagram-texts.ts";
import { HEXAGRAMS } from "../../../src/liuyao/index.ts";

interface Independent {
  number: number;
  name: string;
  judgment: string;
  image: string;
}
const INDEPENDENT: Independent[] = readFileSync(join(import.meta.dir, "../../data/liuyao/zhouyi-independent.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
/** Editions punctuate differently; the words are what is compared. */
const words = (text: string) => text.replace(/[，。；：？！、]/g, "");
/** Where the received editions differ and ours follows the other: 履's image has 辩 in the 十三经注疏 text, 辨 in many modern prints. */
const EDITION_VARIANTS: Readonly<Record<number, { image: [ours: string, theirs: string] }>> = { 10: { image: ["辩", "辨"] } };

test("64 texts, in the King Wen order of the independent table, each name the hexagram's", () => {
  expect(HEXAGRAM_TEXTS).toHaveLength(64);
  expect(INDEPENDENT.map((h) => h.number)).toEqual(HEXAGRAMS.map((h) => h.king_wen));
  expect(INDEPENDENT.map((h) => h.name)).toEqual(HEXAGRAMS.map((h) => h.short_name));
});

test("each judgment and image reads as the independent table's, punctuation and the listed edition variants aside", () => {
  HEXAGRAM_TEXTS.forEach((t, i) => {
    const theirs = INDEPENDENT[i]!;
    const variant = EDITION_VARIANTS[theirs.number];
    expect(words(t.judgment)).toBe(words(theirs.judgment));
    expect(words(variant ? t.image.replace(...variant.image) : t.image)).toBe(words(theirs.image.replace(/^象曰/, "")));
  });
});

test("every image but 乾's names its hexagram; 坎's judgment is titled 习坎; the plain words are in their own language", () => {
  HEXAGRAM_TEXTS.forEach((t, i) => {
    const name = HEXAGRAMS[i]!.short_name;
    if (name !== "乾") expect(t.image).toContain(name);
    expect(t.plain.zh).toMatch(/^[\p{Script=Han}，；：、]+$/u);
    expect(t.plain.en).toMatch(/^[a-z][a-z ,;:'-]+$/);
  });
  expect(JUDGMENT_TITLE).toEqual({ 29: "习坎" });
});

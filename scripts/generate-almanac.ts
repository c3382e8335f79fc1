/**
 * Extracts the 1900–2100 term and lunar-month tables from lunar-typescript into
 * src/bazi/data/almanac.json (see src/bazi/almanac.ts for why). Run after
 * upgrading lunar-typescript: `npm run generate:almanac`. A test fails while the
 * committed file differs from what the installed library computes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { almanacToData, extractAlmanac } from "../src/bazi/almanac.ts";

const target = join(import.meta.dir, "..", "src", "bazi", "data", "almanac.json");
writeFileSync(target, JSON.stringify(almanacToData(extractAlmanac())) + "\n");
console.log(`wrote ${target}`);

/** The cast's documented schemas against the shared contract (test/helpers/schema-contract.ts). */
import { castReading, drawDayanLines, type CastInput } from "../../../src/liuyao/index.ts";
import { CastPayload, CastRecord, UsefulGodSchema } from "../../../src/liuyao/model.ts";
import { describeSchemaContract } from "../../helpers/schema-contract.ts";

const castAt = new Date("2000-01-01T12:00:00+08:00");
/** The record as the route stores it: the record fields, then the engine's reading. */
const record = (input: Omit<CastInput, "castAt">) => ({
  id: "lyc_01JZ0000000000000000000000",
  object: "liuyao.cast",
  created_at: "2000-01-01T04:00:00.000Z",
  end_user_id: null,
  metadata: null,
  ...castReading({ castAt, ...input }),
});
const drawn = drawDayanLines(() => 1);

describeSchemaContract("LiuYao", { CastPayload, CastRecord, UsefulGodSchema }, [
  { name: "a manual cast with moving lines and a useful god", schema: CastRecord, value: record({ question: "我下个月的面试能过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8] }) },
  { name: "a cast without a moving line or a matter", schema: CastRecord, value: record({ question: "会顺利吗?", method: "manual_lines", lines: [7, 8, 7, 7, 8, 8] }) },
  { name: "a dayan cast", schema: CastRecord, value: record({ question: "Will the sale of my flat go through?", method: "dayan", lines: drawn.lines, provenance: drawn.provenance }) },
  { name: "a cast request", schema: CastPayload, value: { question: "我下个月的面试能过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], cast_at: "2026-01-01T09:00:00+08:00", end_user_id: "u1", metadata: { a: "b" } } },
], ["DayanDraw", "HexagramRef", "LiuyaoCalendar", "LiuyaoCast", "LiuyaoChangedHexagram", "LiuyaoChangedLine", "LiuyaoHiddenSpirit", "LiuyaoLine", "LiuyaoLineStrength", "LiuyaoLineTransform", "LiuyaoPrimaryHexagram"]);

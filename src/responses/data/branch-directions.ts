/**
 * The twelve branches' directions, as the tradition lays them round the compass (子 north, 卯 east,
 * 午 south, 酉 west, the others between): where a lost thing lies (LiuYao) and where a chart's
 * nobleman is (天乙贵人). Data, checked by a test.
 */
export const BRANCH_DIRECTION: Readonly<Record<string, readonly [zh: string, en: string]>> = {
  子: ["北", "north"], 丑: ["东北", "northeast"], 寅: ["东北", "northeast"], 卯: ["东", "east"],
  辰: ["东南", "southeast"], 巳: ["东南", "southeast"], 午: ["南", "south"], 未: ["西南", "southwest"],
  申: ["西南", "southwest"], 酉: ["西", "west"], 戌: ["西北", "northwest"], 亥: ["西北", "northwest"],
};

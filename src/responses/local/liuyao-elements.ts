/** The generating and controlling cycles of the five elements, by their Chinese names, as LiuYao lines carry them. */
export const GENERATES: Readonly<Record<string, string>> = { 木: "火", 火: "土", 土: "金", 金: "水", 水: "木" };
export const CONTROLS: Readonly<Record<string, string>> = { 木: "土", 火: "金", 土: "水", 金: "木", 水: "火" };

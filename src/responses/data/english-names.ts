/**
 * English names of the Chinese terms an English answer keeps (the tradition's own words), for the
 * first use of each (english-terms.ts). The ten gods, the stars and the other glossary terms are
 * named by the glossary; these are the terms it does not explain. Data, checked by a test.
 */

/**
 * The 64 hexagrams' names in Richard Wilhelm's translation, in the King Wen order (1 乾 … 64 未济),
 * the first name where he gives two. A test holds them equal to an independent package's table.
 */
export const HEXAGRAM_EN: readonly string[] = [
  "The Creative", "The Receptive", "Difficulty at the Beginning", "Youthful Folly",
  "Waiting", "Conflict", "The Army", "Holding Together",
  "The Taming Power of the Small", "Conduct", "Peace", "Standstill",
  "Fellowship with Men", "Possession in Great Measure", "Modesty", "Enthusiasm",
  "Following", "Work on What Has Been Spoiled", "Approach", "Contemplation",
  "Biting Through", "Grace", "Splitting Apart", "Return",
  "Innocence", "The Taming Power of the Great", "The Corners of the Mouth", "Preponderance of the Great",
  "The Abysmal", "The Clinging", "Influence", "Duration",
  "Retreat", "The Power of the Great", "Progress", "Darkening of the Light",
  "The Family", "Opposition", "Obstruction", "Deliverance",
  "Decrease", "Increase", "Break-through", "Coming to Meet",
  "Gathering Together", "Pushing Upward", "Oppression", "The Well",
  "Revolution", "The Caldron", "The Arousing", "Keeping Still",
  "Development", "The Marrying Maiden", "Abundance", "The Wanderer",
  "The Gentle", "The Joyous", "Dispersion", "Limitation",
  "Inner Truth", "Preponderance of the Small", "After Completion", "Before Completion",
];

/**
 * LiuYao's terms as an answer names them in English: the six relatives, the six spirits, the eight
 * palaces, how a line changes, how world and response meet. Where the glossary explains one too (官鬼,
 * 回头克…), its names there are the ones asked with ("officer ghost"), and this short one is the one an
 * answer uses ("官鬼 (officer)").
 */
export const LIUYAO_TERMS_EN: Readonly<Record<string, string>> = {
  父母: "parents",
  兄弟: "siblings",
  子孙: "offspring",
  妻财: "wealth",
  官鬼: "officer",
  青龙: "azure dragon",
  朱雀: "vermilion bird",
  勾陈: "hooked array",
  螣蛇: "soaring serpent",
  白虎: "white tiger",
  玄武: "black tortoise",
  乾: "heaven",
  坤: "earth",
  震: "thunder",
  巽: "wind",
  坎: "water",
  离: "fire",
  艮: "mountain",
  兑: "lake",
  化退: "retreating",
  化泄: "drained by its change",
  化耗: "spent on its change",
  比和: "the same element",
  伏吟: "repeating itself",
  反吟: "turning against itself",
  应生世: "the response feeds the world",
  应克世: "the response controls the world",
  世生应: "the world feeds the response",
  世克应: "the world controls the response",
  神煞: "symbolic stars",
  流月: "monthly pillars",
  本命年: "your own zodiac year",
};

/** The relations of stems and branches by the word that ends their name (丑未冲, 丑戌相刑, 午戌半合火局, 乙庚合金). */
export const RELATION_KIND_EN: Readonly<Record<string, string>> = {
  冲: "clash",
  相刑: "punishment",
  自刑: "self-punishment",
  害: "harm",
  破: "break",
  合: "combination",
  半合: "half combination",
  三合: "three-branch combination",
  三会: "directional combination",
};

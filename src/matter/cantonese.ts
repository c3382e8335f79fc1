/**
 * Cantonese words for the matters the lexicon names in Mandarin ("份工" a job, "拍拖" dating, "屋企人"
 * family, "买楼" buying a flat), read as their Mandarin words when the matters of a question are asked
 * (classifyMatter: a cast's useful god, the local answers' topics).
 *
 * Not in the lexicon itself, so not in the change-of-matter judgment: the lexicon's matters are the
 * learned model's features, and with these words in it and the model retrained, the development and
 * validation sets lost precision (T 0.978 → 0.967, G and P one wrong "new" each) and recall on eight sets.
 */
const CANTONESE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/拍拖|拖拍|沟女|沟仔/g, "恋爱"],
  [/屋企人/g, "家人"],
  [/份工|返工|打工/g, "工作"],
  // 揾工, 揾到工, 揾唔揾到工 (looking for, finding, whether one finds a job): the matter, not the mood.
  [/(?:揾|搵)(?:唔(?:揾|搵))?(?:到|唔到|份)?工/g, "找工作"],
  [/炒鱿鱼|俾人炒/g, "被裁员"],
  [/劈炮/g, "辞职"],
  [/老细/g, "老板"],
  [/人工(?!智能|授精|受孕)/g, "工资"],
  [/花红/g, "奖金"],
  [/(?:揾|搵)(?:唔(?:揾|搵))?(?:到|唔到)?钱/g, "赚钱"],
  // 买楼, and 买唔买得楼 (whether one can buy a flat).
  [/(买|卖|租)(?:唔\1)?(?:得|到|咗)?楼/g, "$1房"],
  [/供楼/g, "房贷"],
  [/楼价/g, "房价"],
  [/睇病/g, "看病"],
  [/生bb|要bb/g, "生孩子"],
  [/有咗bb/g, "怀孕"],
];

/**
 * Any of the words, in one pass: most questions hold none, and a cast reads its question's matters on every
 * request. The flat's verb is the only group, so its \1 still names it here.
 */
const ANY_WORD = new RegExp(CANTONESE_WORDS.map(([word]) => word.source).join("|"));

/** A folded (Simplified) question with its Cantonese matter words in Mandarin. */
export const inMandarin = (folded: string): string =>
  ANY_WORD.test(folded) ? CANTONESE_WORDS.reduce((text, [word, mandarin]) => text.replace(word, mandarin), folded) : folded;

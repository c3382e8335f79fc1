/**
 * Cantonese words for the matters the lexicon names in Mandarin ("份工" a job, "拍拖" dating, "屋企人"
 * family, "买楼" buying a flat), read as their Mandarin words before the lexicon is asked — in the local
 * answers only. The change-of-matter lexicon is left as it is: a change there moves the learned model's
 * features, so it is retrained and every measured figure with it.
 */
const CANTONESE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/拍拖|拖拍|沟女|沟仔/g, "恋爱"],
  [/屋企人/g, "家人"],
  [/份工|返工/g, "工作"],
  [/(?:揾|搵)(到|唔到|份)?工/g, "找$1工作"],
  [/老细/g, "老板"],
  [/人工(?!智能)/g, "工资"],
  [/(?:揾|搵)(?:到|唔到)?钱/g, "赚钱"],
  [/买楼|買樓/g, "买房"],
  [/睇病/g, "看病"],
];

/** A folded (Simplified) question with its Cantonese matter words in Mandarin. */
export const inMandarin = (folded: string): string => CANTONESE_WORDS.reduce((text, [word, mandarin]) => text.replace(word, mandarin), folded);

/**
 * Whether a question is about an animal — a pet or another animal lost, ill, bought or kept. LiuYao
 * reads animals from 子孙, whatever the matter (《增删卜易》·用神章: 六畜禽鸟…以子孙为用神): a lost cat is
 * 子孙, not 妻财 as a lost wallet is. An animal that only acts on the asker ("被狗咬了", "bitten by a
 * dog") is not the question's subject, nor are the words that only sound like one (单身狗, 猫腻, 狗血,
 * a pet project).
 */
import { foldText } from "../text/language.ts";

const ANIMAL =
  /(?<!单身|舔)狗(?!血)|猫(?!腻)|宠物|鹦鹉|小鸟|兔子|仓鼠|乌龟|金鱼|(?<![a-z])(?:cat|kitten|kitty|dog|pupp(?:y|ie)|pet(?! project| peeve)|parrot|bird|rabbit|bunn(?:y|ie)|hamster|tortoise|turtle)s?(?![a-z])/;
/** The animal as the agent of what happened to the asker. */
const ANIMAL_AS_AGENT = /被[^，,。？?]{0,6}(?:狗|猫)|(?<![a-z])by (?:a|the|some|my|our|his|her) (?:stray )?(?:dog|cat)(?![a-z])/;

/** @example namesAnimal("我的猫走丢了，能找回来吗？") // true; namesAnimal("被狗咬了要不要紧") // false */
export function namesAnimal(question: string): boolean {
  const q = foldText(question);
  return ANIMAL.test(q) && !ANIMAL_AS_AGENT.test(q);
}

/** Whether a question is about an animal: LiuYao reads animals from 子孙. */
import { expect, test } from "bun:test";
import { namesAnimal } from "../../../src/matter/animal.ts";

test("a pet or another animal as the question's subject, in Chinese (Simplified and Traditional) and English", () => {
  for (const q of ["我的猫走丢了，能找回来吗", "家裡的狗狗病了會好嗎", "要不要养只兔子", "鹦鹉飞走了", "我家金鱼还能活吗", "Will I find my cat?", "Is my puppy going to be ok?", "should we get a pet?", "my parrot flew off", "our hamster escaped", "Will the bunnies be fine?", "my tortoise is missing", "a kitten or a kitty?", "turtles", "birds", "cats", "kittens", "my dog", "dogs", "puppies", "pets", "parrots", "a bird", "a rabbit", "rabbits", "a bunny", "hamsters", "tortoises", "a turtle"])
    expect({ q, animal: namesAnimal(q) }).toEqual({ q, animal: true });
});

test("not an animal that only acted on the asker, nor words that only sound like one", () => {
  for (const q of ["被狗咬了会不会有事", "昨天被邻居家的猫抓了", "I was bitten by a dog, will it be fine?", "scratched by the stray cat", "我这个单身狗今年能脱单吗", "这里面有没有猫腻", "剧情太狗血了", "他是个舔狗", "my pet project at work", "what's your pet peeve", "dogged by bad luck", "catalogue sale", "the underdog team", "dogma", "petty", "birdie putt", "hamstring"])
    expect({ q, animal: namesAnimal(q) }).toEqual({ q, animal: false });
});

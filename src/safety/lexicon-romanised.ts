/**
 * Crisis words in languages written in Latin letters beside English in the service's Asian
 * traffic: Malay (Malaysia, Singapore), Tagalog, Hindi–Urdu in Roman script, and pinyin.
 * Read on the `en` view. Only phrases that have no harmless everyday sense; looser phrasing is
 * left to the learned screen.
 */
import { crisis, type SafetyRule } from "./rules.ts";

/** Malay for hitting: a husband, father or anyone hitting "me". */
const MALAY_HIT = "(?:pukul|tumbuk|tampar|belasah|sepak|terajang)";

export const ROMANISED_RULES: readonly SafetyRule[] = [
  crisis("ms.suicide", "suicide", "en", "bunuh diri|nak mati(?! (?:ketawa|gelak|lapar|kebosanan))|(?:nak|mahu|ingin) (?:pergi )?(?:terjun|lompat) (?:dari |jambatan|bangunan)|pergi jambatan tu|nak tamatkan hidup", ["rasa nak bunuh diri je malam ni", "esok i nak pergi jambatan tu"], ["nak mati ketawa tengok video ni", "jambatan tu cantik waktu malam"]),
  crisis("ms.self-harm", "self_harm", "en", "toreh (?:tangan|lengan|peha)|(?:kelar|hiris) (?:tangan|lengan|peha)|cederakan diri", ["aku toreh tangan lagi semalam"], ["toreh getah pagi tadi"]),
  crisis("ms.danger", "danger_from_others", "en", `(?:suami|husband|abah|ayah|bapak|bapa|mak|ibu|boyfriend|bf|pakcik|abang) (?:i |aku |saya )?${MALAY_HIT} (?:i|aku|saya|kami)\\b|${MALAY_HIT} (?:i|aku|saya) lagi|takut balik rumah`, ["suami i pukul i lagi malam tadi", "lepas session ni i takut balik rumah, abah i pukul"], ["abah i pukul drum dalam band"]),
  crisis("ms.harm-others", "harm_others", "en", `(?:nak|mahu|akan) ${MALAY_HIT} (?:dia|dorang|mereka) sampai mati|nak bunuh (?:dia|dorang|mereka|suami|bini)`, ["i nak pukul dia sampai mati, dah tunggu depan rumah dia"], ["nak bunuh masa je"]),
  crisis("ms.medical", "medical_emergency", "en", "pengsan(?! (?:dulu|masa kecil|tahun lepas))|tak boleh bernafas|sesak nafas teruk|sakit dada (?:teruk|sangat)", ["lepas breathing session tu i pengsan kejap, now pening gila"], ["tahun lepas pernah pengsan dulu masa kecil"]),
  crisis("tl.self-harm", "self_harm", "en", "(?:sinuntok|sinaktan|hiniwa|sinugatan) ko (?:ulit )?(?:ang )?(?:sarili|braso|pulso)|saktan ang sarili|magpakamatay|mamatay na lang ako", ["okay naman yung breathing pero sinuntok ko ulit sarili ko pagkatapos", "gusto ko na magpakamatay"], ["sinuntok ko yung pader sa galit, ang sakit ng kamay"]),
  crisis("hi.suicide", "suicide", "en", "khudkushi|aatmhatya|mar jaun|mar jaaun|marna chahta|marna chahti|jeena nahi chahta|jeena nahi chahti|goliyan jama", ["kabhi kabhi lagta hai mar jaun toh sab theek ho jayega", "neend ki goliyan jama kar li hain, kal raat"], ["mar jaun hasi se, ye video dekho"], "hasi se|hans hans ke"),
  crisis("hi.danger", "danger_from_others", "en", "roz maarta|maarta hai|maarti hai|jaan se maar dunga|maar daalunga|galat tarike se chhoo\\w*", ["pati roz maarta hai, aaj bola jaan se maar dunga", "main 12 saal ki hoon, chacha galat tarike se chhoote hain"], ["machhar maarta hai ye spray"], "machhar|makhi|keede"),
  crisis("hi.medical", "medical_emergency", "en", "(?:chest|seene|sine) (?:mein|me) (?:bahut |tez )?dard|saans nahi (?:aa|le) (?:rahi|pa)", ["papa ke chest mein bahut dard ho raha hai, pasina aa raha hai"], ["kal gym ke baad chest mein halka sa stretch tha, ab theek hai"], "halka|theek hai|gym"),
  crisis("pinyin.danger", "danger_from_others", "en", "(?:ta|tamen|baba|mama|laogong) (?:you )?(?:da|zou) wo (?:le|lema|liao)|wo duo zai (?:ce suo|wei sheng jian|yi gui)", ["ta you da wo le, wo duo zai ce suo li"], ["ta da wo dian hua le"]),
];

/**
 * The learned screen's features as numbers, so a text is scored from its code
 * units alone: no feature strings, no Set, no Map (1,000 characters are ~3,000
 * Chinese n-grams and ~400 English words and pairs; building and hashing their
 * strings cost ~70 µs, the typed-array table below a fraction of that).
 *
 * A key is tag × 2^50 + a 50-bit body:
 *  - tag 0, a Chinese n-gram of up to three UTF-16 units: exact (its length,
 *    then its units, 2 + 3 × 16 bits);
 *  - tag 1, an English word, and tag 2, a word pair: a 50-bit fingerprint of
 *    the word's units from two independent 32-bit hashes. Two of the model's
 *    features sharing a fingerprint is refused when the table is built; a word
 *    outside the model taking a feature's fingerprint has odds of about
 *    features / 2^50 (≈ 10^-10) per word.
 */

const BODY = 2 ** 50;
const WORD_TAG = 1;
const PAIR_TAG = 2;

/** Digits read as 0 (see learned.ts). */
export const foldDigit = (unit: number): number => (unit >= 0x31 && unit <= 0x39 ? 0x30 : unit);

/** A Chinese n-gram's key: `n` units of `text` from `at`, digits folded. */
export function zhKey(text: string, at: number, n: number): number {
  let key = n;
  for (let j = 0; j < 3; j++) key = key * 0x10000 + (j < n ? foldDigit(text.charCodeAt(at + j)) : 0);
  return key;
}

/** Murmur3's finaliser: every input bit reaches every output bit. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Two 32-bit hashes of a word, built one unit at a time (FNV-1a and a second multiplier). */
export class WordHash {
  a = 0x811c9dc5;
  b = 0x9747b28c;
  length = 0;
  reset(): void {
    this.a = 0x811c9dc5;
    this.b = 0x9747b28c;
    this.length = 0;
  }
  push(unit: number): void {
    this.a = Math.imul(this.a ^ unit, 0x01000193);
    this.b = Math.imul(this.b ^ unit, 0x5bd1e995);
    this.length++;
  }
}

const body = (a: number, b: number) => (a >>> 0) * 2 ** 18 + (b >>> 14);

/** The key of the word whose hashes are (a, b). */
export const wordKey = (a: number, b: number): number => WORD_TAG * BODY + body(mix(a), mix(b));

/** The key of the word pair (first, second), each given by its raw hashes. */
export const pairKey = (a1: number, b1: number, a2: number, b2: number): number =>
  PAIR_TAG * BODY + body(mix(Math.imul(mix(a1), 0x9e3779b1) ^ mix(a2)), mix(Math.imul(mix(b1), 0x27d4eb2f) ^ mix(b2)));

function hashWord(word: string): [number, number] {
  const h = new WordHash();
  for (let i = 0; i < word.length; i++) h.push(foldDigit(word.charCodeAt(i)));
  return [h.a, h.b];
}

/**
 * The key of a feature name as learned.ts writes them (`z` + n-gram, `w` + word,
 * `b` + word + `_` + word), or null for another kind.
 */
export function keyOfFeature(name: string): number | null {
  const kind = name[0];
  const rest = name.slice(1);
  if (kind === "z" && rest.length >= 1 && rest.length <= 3) return zhKey(rest, 0, rest.length);
  if (kind === "w") return wordKey(...hashWord(rest));
  if (kind === "b") {
    const cut = rest.indexOf("_");
    return pairKey(...hashWord(rest.slice(0, cut)), ...hashWord(rest.slice(cut + 1)));
  }
  return null;
}

/** An open-addressing table of numeric keys, at most half full: a key's slot, for values kept beside it. */
class KeyTable {
  private readonly keys: Float64Array;
  private readonly used: Uint8Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(size: number) {
    let bits = 4;
    while (1 << bits < size * 2) bits++;
    this.keys = new Float64Array(1 << bits);
    this.used = new Uint8Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  get capacity(): number {
    return this.keys.length;
  }

  private home(key: number): number {
    // Keys are below 2^53, so the high word fits an int32.
    return Math.imul((key >>> 0) ^ Math.imul((key / 0x100000000) | 0, 0x9e3779b1), 0x85ebca6b) >>> this.shift;
  }

  /** The slot holding `key`, or -1. */
  find(key: number): number {
    let slot = this.home(key);
    while (this.used[slot] === 1) {
      if (this.keys[slot] === key) return slot;
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }

  /** The slot of `key`, taken if it was free. */
  put(key: number): number {
    let slot = this.home(key);
    while (this.used[slot] === 1) {
      if (this.keys[slot] === key) return slot;
      slot = (slot + 1) & this.mask;
    }
    this.used[slot] = 1;
    this.keys[slot] = key;
    return slot;
  }
}

/**
 * A linear model's weights by feature key, shaped for the order a text is read
 * in: a Chinese character's row is one array read (by its unit); a character
 * pair is looked up and says whether any trigram starts with it, so most
 * trigrams are never looked up; words and word pairs are looked up by key.
 * Each feature counts once per text (the features are present-or-absent).
 */
export class FeatureIndex {
  /** By UTF-16 unit: the one-character feature's row + 1 (0: none). */
  private readonly single = new Int32Array(0x10000);
  private readonly pairs: KeyTable;
  /** Per pair slot: the pair feature's row + 1 (0: none), and whether a trigram feature starts with the pair. */
  private readonly pairRows: Int32Array;
  private readonly pairStartsTriple: Uint8Array;
  private readonly others: KeyTable;
  private readonly otherRows: Int32Array;
  /** Per row: the pass that last counted it. */
  private readonly stamps: Uint32Array;
  private pass = 0;
  private readonly z: Float64Array;

  /**
   * @param keys per row, the feature's key (keyOfFeature), or null for a feature never scored
   * @param weights per row, one weight per class
   */
  constructor(
    keys: readonly (number | null)[],
    private readonly weights: Float64Array,
    private readonly classes: number,
  ) {
    const kinds = keys.map((key) => (key === null ? 0 : key < BODY ? Math.floor(key / 2 ** 48) : 4));
    this.pairs = new KeyTable(kinds.filter((n) => n === 2 || n === 3).length);
    this.pairRows = new Int32Array(this.pairs.capacity);
    this.pairStartsTriple = new Uint8Array(this.pairs.capacity);
    this.others = new KeyTable(kinds.filter((n) => n === 3 || n === 4).length);
    this.otherRows = new Int32Array(this.others.capacity);
    this.stamps = new Uint32Array(keys.length);
    this.z = new Float64Array(classes);
    keys.forEach((key, row) => {
      if (key === null) return;
      const take = (rows: Int32Array, slot: number) => {
        if (rows[slot] !== 0) throw new Error(`feature-index: two features share the key ${key}`);
        rows[slot] = row + 1;
      };
      if (kinds[row] === 1) take(this.single, Math.floor((key % 2 ** 48) / 2 ** 32));
      else if (kinds[row] === 2) take(this.pairRows, this.pairs.put(pairOf(key)));
      else {
        if (kinds[row] === 3) this.pairStartsTriple[this.pairs.put(pairOf(key))] = 1;
        take(this.otherRows, this.others.put(key));
      }
    });
  }

  /** The class scores of a text's Chinese view and English view, starting from `bias`. */
  score(zh: string, en: string, bias: readonly number[]): number[] {
    if (++this.pass === 0xffffffff) {
      this.stamps.fill(0);
      this.pass = 1;
    }
    const z = this.z;
    for (let c = 0; c < this.classes; c++) z[c] = bias[c]!;
    this.scoreZh(zh);
    this.scoreEn(en);
    return Array.from(z);
  }

  /** Adds row + 1's weights (0: no feature) unless this text has counted it already. */
  private add(rowPlusOne: number): void {
    if (rowPlusOne === 0) return;
    const row = rowPlusOne - 1;
    if (this.stamps[row] === this.pass) return;
    this.stamps[row] = this.pass;
    const { z, weights, classes } = this;
    for (let c = 0, at = row * classes; c < classes; c++, at++) z[c]! += weights[at]!;
  }

  /** Chinese n-grams, never across a Latin letter (learned.ts reads those as words, in the English view). */
  private scoreZh(text: string): void {
    const isLatin = (unit: number) => unit >= 0x61 && unit <= 0x7a;
    const last = text.length - 1;
    for (let at = 0; at <= last; at++) {
      const u0 = text.charCodeAt(at);
      if (isLatin(u0)) continue;
      const f0 = foldDigit(u0);
      this.add(this.single[f0]!);
      if (at === last || isLatin(text.charCodeAt(at + 1))) continue;
      const f1 = foldDigit(text.charCodeAt(at + 1));
      const slot = this.pairs.find(f0 * 0x10000 + f1);
      if (slot < 0) continue;
      this.add(this.pairRows[slot]!);
      if (this.pairStartsTriple[slot] === 0 || at + 2 > last || isLatin(text.charCodeAt(at + 2))) continue;
      this.addOther(3 * 2 ** 48 + f0 * 2 ** 32 + f1 * 0x10000 + foldDigit(text.charCodeAt(at + 2)));
    }
  }

  /** Words and word pairs of the English view (words separated by single spaces). */
  private scoreEn(text: string): void {
    const word = new WordHash();
    let previousA = 0;
    let previousB = 0;
    let hasPrevious = false;
    for (let i = 0; i <= text.length; i++) {
      const unit = i < text.length ? text.charCodeAt(i) : 0x20;
      if (unit !== 0x20) {
        word.push(foldDigit(unit));
        continue;
      }
      if (word.length === 0) continue;
      this.addOther(wordKey(word.a, word.b));
      if (hasPrevious) this.addOther(pairKey(previousA, previousB, word.a, word.b));
      previousA = word.a;
      previousB = word.b;
      hasPrevious = true;
      word.reset();
    }
  }

  private addOther(key: number): void {
    const slot = this.others.find(key);
    if (slot >= 0) this.add(this.otherRows[slot]!);
  }
}

/** The pair key of a two- or three-unit n-gram key: its first two units. */
const pairOf = (key: number) => Math.floor((key % 2 ** 48) / 0x10000);

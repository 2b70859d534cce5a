/**
 * The storefront's search index, held in memory by each server process (docs/adr/0038): every
 * product's and shop's search text (all seven languages' names, normalised), matched by
 * substring, which partial words and unspaced scripts (CJK, Thai) rely on, and by trigram
 * similarity per word, which forgives a Latin-script typo. PostgreSQL stays the truth: the
 * index only picks ids; what a card shows is read from the database.
 */

export interface Searchable {
  id: number;
  /** `searchTextOf` the names: lower-cased, NFKC, every language's name. */
  searchText: string;
  /** Units sold, the tie-break among equally good matches. */
  sales: number;
}

/** A letter dropped or changed in a word keeps its similarity near 0.6; 0.4 also forgives two while keeping unrelated words out. */
export const TYPO_THRESHOLD = 0.4;
/** Below three characters a query has too few trigrams to compare: it matches by substring only. */
const MIN_TRIGRAM_QUERY = 3;

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => text.match(WORD) ?? [];

/** A word's trigrams, padded as pg_trgm pads them (two spaces before, one after), so a word's start counts most. */
export function trigramsOf(word: string): Set<string> {
  const letters = [' ', ' ', ...word, ' '];
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) trigrams.add(letters[i]! + letters[i + 1] + letters[i + 2]);
  return trigrams;
}

/** One table of the index: the products' or the shops'. */
class SearchTable {
  private readonly entries: Searchable[];
  private readonly vocabulary: string[] = [];
  private readonly vocabularyTrigrams: number[] = [];
  /** word → the entries (positions in `entries`) that contain it */
  private readonly entriesOfWord: number[][] = [];
  /** trigram → the words (positions in `vocabulary`) that contain it */
  private readonly wordsOfTrigram = new Map<string, number[]>();

  constructor(entries: readonly Searchable[]) {
    this.entries = entries.map((entry) => ({ ...entry }));
    const wordIds = new Map<string, number>();
    entries.forEach((entry, at) => {
      for (const word of new Set(wordsOf(entry.searchText))) {
        let wordId = wordIds.get(word);
        if (wordId === undefined) {
          wordId = this.vocabulary.push(word) - 1;
          wordIds.set(word, wordId);
          const trigrams = trigramsOf(word);
          this.vocabularyTrigrams.push(trigrams.size);
          this.entriesOfWord.push([]);
          for (const trigram of trigrams) {
            const words = this.wordsOfTrigram.get(trigram);
            if (words) words.push(wordId);
            else this.wordsOfTrigram.set(trigram, [wordId]);
          }
        }
        this.entriesOfWord[wordId]!.push(at);
      }
    });
  }

  /** Each entry's best similarity to one query word: shared trigrams over all trigrams of the pair. */
  private similarities(queryWord: string): Map<number, number> {
    const trigrams = trigramsOf(queryWord);
    const shared = new Map<number, number>();
    for (const trigram of trigrams)
      for (const wordId of this.wordsOfTrigram.get(trigram) ?? [])
        shared.set(wordId, (shared.get(wordId) ?? 0) + 1);
    const best = new Map<number, number>();
    for (const [wordId, count] of shared) {
      const similarity = count / (trigrams.size + this.vocabularyTrigrams[wordId]! - count);
      for (const at of this.entriesOfWord[wordId]!)
        if (similarity > (best.get(at) ?? 0)) best.set(at, similarity);
    }
    return best;
  }

  /** Takes the sales that rank ties from `sales` (by id); entries it does not name keep theirs. */
  updateSales(sales: ReadonlyMap<number, number>): void {
    for (const entry of this.entries) entry.sales = sales.get(entry.id) ?? entry.sales;
  }

  /** The best `limit` entries for a normalised query: a substring hit scores 1, else the mean word similarity over the query's words. */
  search(query: string, limit: number): Searchable[] {
    const scores = new Map<number, number>();
    const queryWords = [...query].length >= MIN_TRIGRAM_QUERY ? wordsOf(query) : [];
    if (queryWords.length > 0) {
      const total = new Map<number, number>();
      for (const word of queryWords)
        for (const [at, similarity] of this.similarities(word))
          total.set(at, (total.get(at) ?? 0) + similarity);
      for (const [at, sum] of total) {
        const score = sum / queryWords.length;
        if (score >= TYPO_THRESHOLD) scores.set(at, score);
      }
    }
    this.entries.forEach((entry, at) => {
      if (entry.searchText.includes(query)) scores.set(at, 1);
    });
    return [...scores]
      .map(([at, score]) => ({ entry: this.entries[at]!, score }))
      .sort((a, b) => b.score - a.score || b.entry.sales - a.entry.sales || b.entry.id - a.entry.id)
      .slice(0, limit)
      .map(({ entry }) => entry);
  }
}

export class SearchIndex {
  private readonly products: SearchTable;
  private readonly shops: SearchTable;

  constructor(products: readonly Searchable[], shops: readonly Searchable[]) {
    this.products = new SearchTable(products);
    this.shops = new SearchTable(shops);
  }

  updateSales(sales: { products: ReadonlyMap<number, number>; shops: ReadonlyMap<number, number> }): void {
    this.products.updateSales(sales.products);
    this.shops.updateSales(sales.shops);
  }

  /** The ids of the best products and shops for a query already passed through `normaliseSearch`, best first. */
  search(
    query: string,
    limits: { products: number; shops: number },
  ): { products: number[]; shops: number[] } {
    return {
      products: this.products.search(query, limits.products).map((entry) => entry.id),
      shops: this.shops.search(query, limits.shops).map((entry) => entry.id),
    };
  }
}

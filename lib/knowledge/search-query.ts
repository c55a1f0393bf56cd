/**
 * Turns what a person typed into a full-text query that cannot fail to parse: SQLite FTS5 MATCH syntax and
 * PostgreSQL `websearch_to_tsquery` both give meaning to quotes, `-`, `*`, `^`, `:`, parentheses and the words
 * AND / OR / NOT / NEAR, and FTS5 raises a syntax error on many of them (`"refund`, `AND`, `e-mail`, `*`).
 * So the text is reduced to plain terms first, and the engine query is built from those terms only.
 *
 * Terms are combined with OR: a question ("How many days do I have to report a damaged item?") should find
 * chunks that contain some of its words, ranked by how well they match (bm25 / ts_rank_cd), not only chunks
 * that contain all of them.
 */

/** At most this many distinct terms are searched (the rest of a very long query is ignored). */
export const MAX_SEARCH_TERMS = 64;
/** Longer "words" (hashes, base64) are cut to this many characters. */
export const MAX_TERM_LENGTH = 64;

/**
 * English stop words left out of queries. They carry no meaning for ranking, and "or", "and" and "not" are
 * operators in one engine or the other. PostgreSQL's 'english' configuration drops its own list on top.
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our " +
    "should so than that the their them then there these they this to was we what when where which who why will with you your"
  ).split(" "),
);

/**
 * The search terms of a query: runs of Unicode letters and digits (everything else separates terms, as
 * SQLite's unicode61 tokenizer does), lower-cased, stop words dropped, duplicates dropped, first-seen order,
 * at most MAX_SEARCH_TERMS terms of at most MAX_TERM_LENGTH characters.
 * @example searchTerms('"Two-factor" AND reset*') → ["two", "factor", "reset"]
 * @returns [] when nothing searchable is left (empty, punctuation-only or stop-word-only query).
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  for (const word of query.normalize("NFKC").split(/[^\p{L}\p{N}]+/u)) {
    const term = word.toLowerCase().slice(0, MAX_TERM_LENGTH);
    if (!term || STOP_WORDS.has(term) || terms.includes(term)) continue;
    terms.push(term);
    if (terms.length === MAX_SEARCH_TERMS) break;
  }
  return terms;
}

/**
 * An FTS5 MATCH expression for terms: each one a quoted string (so AND, NEAR or a digit-only term is a
 * plain word), joined with OR. `["refund", "and"]` → `"refund" OR "and"`.
 * @throws Error when `terms` is empty (FTS5 rejects an empty MATCH; check searchTerms' result first).
 */
export function toFts5Match(terms: readonly string[]): string {
  if (terms.length === 0) throw new Error("toFts5Match: no terms (an empty query matches nothing; skip the search)");
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
}

/**
 * A `websearch_to_tsquery` input for terms, joined with its `or` operator: `refund or damaged`. The terms
 * hold only letters and digits, so no quote, `-` (negation) or stray `or` reaches the parser.
 * @throws Error when `terms` is empty.
 */
export function toWebSearchQuery(terms: readonly string[]): string {
  if (terms.length === 0) throw new Error("toWebSearchQuery: no terms (an empty query matches nothing; skip the search)");
  return terms.join(" or ");
}

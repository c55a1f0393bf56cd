/**
 * Splits a document's text into overlapping chunks for retrieval, measured in tokens (gpt-tokenizer,
 * o200k_base) or characters, breaking only between sentences (Intl.Segmenter) and preferring paragraph
 * ends. A sentence longer than a chunk is split between words; a word longer than a chunk, by characters.
 */
import { countTokens } from "gpt-tokenizer";

export interface ChunkOptions {
  /** Maximum chunk size, in `unit`s (default 800; KnowledgeBase.chunkSize). */
  size?: number;
  /** Units repeated from the end of one chunk at the start of the next (default 120; KnowledgeBase.chunkOverlap).
   *  Whole sentences when they fit, else the last words. Must be less than `size`. */
  overlap?: number;
  /** `tokens` (default) or `chars`. */
  unit?: "tokens" | "chars";
}

export interface TextChunk {
  /** 0-based position within the document. */
  position: number;
  text: string;
  /** Tokens in `text` (gpt-tokenizer), whatever the unit. */
  tokenCount: number;
}

interface Unit {
  text: string;
  /** Joins the unit to the one before it: "\n\n" at a paragraph start, else " ". */
  separator: string;
  size: number;
  /** True for the first unit of a paragraph. */
  paragraphStart: boolean;
}

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/**
 * Characters handed to Intl.Segmenter at once. V8's sentence segmenter slows down quadratically with the
 * length of the string it iterates (Node 20: 100 KB in 0.1 s, 400 KB in 37 s), so a long paragraph is
 * segmented window by window; each window's last sentence, perhaps cut, starts the next window.
 */
export const SEGMENT_WINDOW_CHARS = 16_384;

/** The sentences of `text` (Intl.Segmenter, sentence granularity), in linear time. */
export function* sentencesOf(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= SEGMENT_WINDOW_CHARS) {
      for (const { segment } of sentenceSegmenter.segment(text.slice(start))) yield segment;
      return;
    }
    const window = text.slice(start, start + SEGMENT_WINDOW_CHARS);
    const parts = [...sentenceSegmenter.segment(window)];
    if (parts.length > 1) {
      for (const part of parts.slice(0, -1)) yield part.segment;
      start += parts[parts.length - 1].index;
      continue;
    }
    // one sentence longer than the window: cut it between words (splitLong splits it further anyway)
    const lastSpace = window.search(/\s\S*$/);
    const cut = lastSpace > 0 ? lastSpace + 1 : window.length;
    yield window.slice(0, cut);
    start += cut;
  }
}

function splitLong(text: string, limit: number, measure: (text: string) => number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const parts: string[] = [];
  let current = "";
  for (const word of words) {
    if (measure(word) > limit) {
      if (current) parts.push(current);
      current = "";
      for (let start = 0; start < word.length; ) {
        let end = Math.min(word.length, start + limit);
        while (end > start + 1 && measure(word.slice(start, end)) > limit) end = start + Math.floor((end - start) / 2);
        parts.push(word.slice(start, end));
        start = end;
      }
      continue;
    }
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) > limit && current) {
      parts.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) parts.push(current);
  return parts;
}

function toUnits(text: string, size: number, measure: (text: string) => number): Unit[] {
  const units: Unit[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.trim();
    if (!clean) continue;
    let first = true;
    for (const segment of sentencesOf(clean)) {
      const sentence = segment.trim();
      if (!sentence) continue;
      const pieces = measure(sentence) > size ? splitLong(sentence, size, measure) : [sentence];
      for (const piece of pieces) {
        units.push({ text: piece, separator: first ? "\n\n" : " ", size: measure(piece), paragraphStart: first });
        first = false;
      }
    }
  }
  return units;
}

function join(units: Unit[]): string {
  return units.map((unit, index) => (index === 0 ? unit.text : unit.separator + unit.text)).join("");
}

/** Units from the end of `units` that fit in `overlap`; else the last words of the last unit. */
function overlapTail(units: Unit[], overlap: number, measure: (text: string) => number): Unit[] {
  if (overlap <= 0 || units.length === 0) return [];
  const tail: Unit[] = [];
  let total = 0;
  for (let index = units.length - 1; index >= 0; index--) {
    const cost = units[index].size + (tail.length ? 1 : 0);
    if (total + cost > overlap) break;
    tail.unshift(units[index]);
    total += cost;
  }
  if (tail.length > 0) return tail;
  const words = units[units.length - 1].text.split(/\s+/);
  let text = "";
  for (let index = words.length - 1; index >= 0; index--) {
    const candidate = text ? `${words[index]} ${text}` : words[index];
    if (measure(candidate) > overlap) break;
    text = candidate;
  }
  return text ? [{ text, separator: " ", size: measure(text), paragraphStart: false }] : [];
}

/**
 * Chunks `text`. Every chunk measures at most `size` units; consecutive chunks share about `overlap` units.
 * A chunk is closed early (when at least half full) rather than split a paragraph that would not fit whole.
 * @returns chunks in order; `[]` for blank text.
 * @throws RangeError when size < 1 or overlap is negative or not less than size.
 */
export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const size = options.size ?? 800;
  const overlap = options.overlap ?? 120;
  if (!(size >= 1) || overlap < 0 || overlap >= size) throw new RangeError(`invalid chunk options: size ${size}, overlap ${overlap}`);
  const measure = options.unit === "chars" ? (value: string) => value.length : (value: string) => countTokens(value);
  const units = toUnits(text.replace(/\r\n?/g, "\n"), size, measure);
  const chunks: string[] = [];
  let current: Unit[] = [];
  let currentSize = 0;
  let fresh = 0; // units in `current` that are not overlap from the previous chunk

  const emit = () => {
    if (fresh === 0) return;
    chunks.push(join(current));
    current = overlapTail(current, overlap, measure);
    currentSize = current.reduce((total, unit, index) => total + unit.size + (index ? 1 : 0), 0);
    fresh = 0;
  };

  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    if (unit.paragraphStart && fresh > 0 && currentSize >= size / 2) {
      let paragraphSize = unit.size;
      for (let next = index + 1; next < units.length && !units[next].paragraphStart; next++) paragraphSize += units[next].size + 1;
      if (currentSize + 1 + paragraphSize > size) emit();
    }
    let cost = unit.size + (current.length ? 1 : 0);
    if (currentSize + cost > size) {
      emit();
      cost = unit.size + (current.length ? 1 : 0);
      while (current.length && currentSize + cost > size) {
        current.shift();
        currentSize = current.reduce((total, item, position) => total + item.size + (position ? 1 : 0), 0);
        cost = unit.size + (current.length ? 1 : 0);
      }
    }
    current.push(unit);
    currentSize += cost;
    fresh++;
  }
  emit();
  return chunks.map((chunk, position) => ({ position, text: chunk, tokenCount: countTokens(chunk) }));
}

import { countTokens } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { chunkText, SEGMENT_WINDOW_CHARS, sentencesOf } from "./chunk-text";

const sentence = (n: number) => `Sentence number ${n} talks about topic ${n}.`;

describe("chunkText", () => {
  it("returns nothing for blank text and one chunk for short text", () => {
    expect(chunkText("   \n\n ")).toEqual([]);
    expect(chunkText("Hello world. Second sentence.")).toEqual([
      { position: 0, text: "Hello world. Second sentence.", tokenCount: countTokens("Hello world. Second sentence.") },
    ]);
  });

  it("breaks between sentences with whole-sentence overlap (chars)", () => {
    const text = [1, 2, 3, 4, 5, 6].map(sentence).join(" ");
    const chunks = chunkText(text, { size: 90, overlap: 45, unit: "chars" });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      `${sentence(1)} ${sentence(2)}`,
      `${sentence(2)} ${sentence(3)}`,
      `${sentence(3)} ${sentence(4)}`,
      `${sentence(4)} ${sentence(5)}`,
      `${sentence(5)} ${sentence(6)}`,
    ]);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(90);
  });

  it("prefers paragraph ends and keeps paragraph breaks", () => {
    const first = "Alpha one. Alpha two. Alpha three.";
    const second = "Beta one is longer than the others. Beta two.";
    const chunks = chunkText(`${first}\n\n${second}`, { size: 60, overlap: 0, unit: "chars" });
    expect(chunks.map((chunk) => chunk.text)).toEqual([first, second]);
    expect(chunkText(`${first}\n\n${second}`, { size: 200, overlap: 0, unit: "chars" })[0].text).toBe(`${first}\n\n${second}`);
  });

  it("splits an over-long sentence between words, and a giant word by characters", () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    const chunks = chunkText(words, { size: 50, overlap: 0, unit: "chars" });
    expect(chunks.every((chunk) => chunk.text.length <= 50)).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(" ")).toBe(words);
    const giant = chunkText("x".repeat(120), { size: 50, overlap: 0, unit: "chars" });
    expect(giant.map((chunk) => chunk.text.length)).toEqual([50, 50, 20]);
  });

  it("overlaps the last words when no whole sentence fits", () => {
    const chunks = chunkText("One two three four five six seven eight nine ten. Eleven twelve thirteen fourteen.", {
      size: 55,
      overlap: 12,
      unit: "chars",
    });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      "One two three four five six seven eight nine ten.",
      "nine ten. Eleven twelve thirteen fourteen.",
    ]);
  });

  it("measures tokens by default and keeps every chunk within size", () => {
    const long = Array.from({ length: 120 }, (_, index) => sentence(index) + (index % 10 === 9 ? "\n\n" : " ")).join("");
    const chunks = chunkText(long, { size: 100, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(5);
    chunks.forEach((chunk, index) => {
      expect(chunk.position).toBe(index);
      expect(chunk.tokenCount).toBe(countTokens(chunk.text));
      expect(chunk.tokenCount).toBeLessThanOrEqual(100);
    });
    // consecutive chunks share text (overlap) and together cover every sentence
    for (let index = 1; index < chunks.length; index++) {
      const lastSentence = chunks[index - 1].text.split(/(?<=\.)\s+/).at(-1) ?? "";
      expect(chunks[index].text.startsWith(lastSentence)).toBe(true);
    }
    for (let n = 0; n < 120; n++) expect(chunks.some((chunk) => chunk.text.includes(sentence(n)))).toBe(true);
  });

  it("rejects bad options", () => {
    expect(() => chunkText("x", { size: 10, overlap: 10 })).toThrow(RangeError);
    expect(() => chunkText("x", { size: 0 })).toThrow(RangeError);
  });
});

describe("sentencesOf (windowed sentence segmentation)", () => {
  const plain = (text: string) => [...new Intl.Segmenter("en", { granularity: "sentence" }).segment(text)].map((part) => part.segment);

  it("gives the same sentences as one Intl.Segmenter pass over a text several windows long", () => {
    const text = Array.from({ length: 1500 }, (_, i) => `Sentence number ${i} talks about refunds and returns.`).join(" ");
    expect(text.length).toBeGreaterThan(4 * SEGMENT_WINDOW_CHARS);
    const windowed = [...sentencesOf(text)];
    expect(windowed).toEqual(plain(text));
    expect(windowed.length).toBe(1500);
  });

  it("cuts a sentence longer than a window between words and loses no character", () => {
    const text = "word ".repeat(10_000).trim();
    const pieces = [...sentencesOf(text)];
    expect(pieces.join("")).toBe(text);
    expect(pieces.length).toBe(Math.ceil(text.length / SEGMENT_WINDOW_CHARS));
    expect(pieces.slice(0, -1).every((piece) => piece.endsWith(" "))).toBe(true);
  });

  it("chunks a 1 MB paragraph without sentence breaks between paragraphs (was quadratic)", () => {
    const text = "The refund policy applies to all orders placed online. Customers may return items within thirty days. ".repeat(10_000);
    const chunks = chunkText(text, { size: 200, overlap: 40 });
    expect(chunks.every((chunk) => chunk.tokenCount <= 200)).toBe(true);
    expect(chunks[0].text.startsWith("The refund policy applies")).toBe(true);
    expect(chunks[chunks.length - 1].text.endsWith("within thirty days.")).toBe(true);
    // each chunk adds between size − overlap and size tokens of new text (whole sentences)
    const total = countTokens(text.trim());
    expect(chunks.length).toBeGreaterThanOrEqual(Math.floor(total / 200));
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(total / (200 - 40 - 22)));
  });
});

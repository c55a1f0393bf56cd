/**
 * Knowledge ingestion and retrieval over the real fixture documents (md, html, txt, docx, pdf):
 * extract → chunk → MiniSearch BM25 → KnowledgeService.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { documentKind, extractText } from "./extract-text";
import { createKnowledgeService, type KnowledgeIngestor } from "./knowledge-service";
import { createMiniSearchRetriever, normaliseBm25 } from "./minisearch-retriever";

const FIXTURES = ["refunds-policy.md", "shipping.html", "security-faq.txt", "onboarding.docx", "travel-expenses.pdf"];
const read = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe("extractText", () => {
  it("reads html without markup, scripts, styles or navigation", async () => {
    expect(await extractText(read("shipping.html"), "shipping.html", "text/html")).toBe(
      "Shipping information\n\nDomestic orders ship within 2 business days and arrive in 3 to 5 days with standard delivery.\n\n" +
        "International delivery\n\nWe ship to 40 countries. International delivery takes 7 to 14 business days. Customs duties and import taxes are paid by the recipient when the parcel arrives.\n\n" +
        " * Express courier: 2 to 4 days, tracked\n * Economy post: up to 21 days, untracked",
    );
  });

  it("reads pdf and docx", async () => {
    expect(await extractText(read("travel-expenses.pdf"), "travel-expenses.pdf", "application/pdf")).toBe(
      "Travel expense policy\nEmployees travelling for work are reimbursed for economy flights and standard hotel rooms.\n" +
        "The daily per diem for meals is 45 euros. Keep every receipt and submit the expense report\nwithin 30 days of returning from the trip.",
    );
    expect(await extractText(read("onboarding.docx"), "onboarding.docx", null)).toBe(
      "Employee onboarding checklist\n\nOn your first day, collect your laptop and your access badge from the IT desk on the second floor.\n\n" +
        "Your manager schedules an introduction meeting with the team during the first week.\n\n" +
        "Complete the mandatory security training within 10 days of your start date.",
    );
  });

  it("reads md and txt as is, with normalised line ends", async () => {
    expect(await extractText(Buffer.from("\uFEFFa\r\nb  \r\n\r\n\r\n\r\nc"), "notes.txt")).toBe("a\nb\n\nc");
    expect((await extractText(read("refunds-policy.md"), "refunds-policy.md", "text/markdown")).split("\n")[0]).toBe("# Refund policy");
  });

  it("knows types by MIME type, then extension, and refuses others", async () => {
    expect(documentKind("x.bin", "application/pdf")).toBe("pdf");
    expect(documentKind("Report.DOCX", "application/octet-stream")).toBe("docx");
    expect(documentKind("x.exe", null)).toBeNull();
    await expect(extractText(Buffer.from("MZ"), "x.exe", "application/x-msdownload")).rejects.toMatchObject({
      code: "invalid_config",
      message: "Unsupported document type for x.exe (application/x-msdownload); use txt, md, html, pdf or docx",
    });
    await expect(extractText(Buffer.from("not a pdf"), "broken.pdf", "application/pdf")).rejects.toMatchObject({
      code: "invalid_config",
      message: expect.stringMatching(/^Cannot read broken\.pdf as pdf: /),
    });
  });
});

describe("knowledge service over the fixtures", () => {
  let service: KnowledgeIngestor;
  const chunkCounts: Record<string, number> = {};

  beforeAll(async () => {
    service = createKnowledgeService({ retriever: createMiniSearchRetriever() });
    for (const name of FIXTURES) {
      const chunks = await service.addDocument({
        kbId: "policies",
        documentId: `doc-${name}`,
        name,
        content: read(name),
        chunking: { size: 60, overlap: 10 },
      });
      chunkCounts[name] = chunks.length;
    }
    await service.addDocument({
      kbId: "marketing",
      documentId: "doc-campaign",
      name: "campaign.md",
      content: "Our spring campaign offers a refund guarantee on damaged goods for 30 days.",
    });
  });

  it("chunks each document within the token size", () => {
    expect(chunkCounts["refunds-policy.md"]).toBeGreaterThan(1);
    expect(Object.values(chunkCounts).every((count) => count >= 1)).toBe(true);
  });

  it.each([
    ["How many days do I have to report a damaged item for a refund?", "refunds-policy.md"],
    ["international delivery customs duties", "shipping.html"],
    ["reset my password with two-factor authentication", "security-faq.txt"],
    ["laptop and access badge on the first day", "onboarding.docx"],
    ["daily per diem for meals when travelling", "travel-expenses.pdf"],
  ])("ranks the expected document first for %j", async (query, expected) => {
    const results = await service.retrieve({ kbIds: ["policies"], query, topK: 3 });
    expect(results[0].document).toBe(expected);
    for (const result of results) {
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThan(1);
    }
    expect(results.map((result) => result.score)).toEqual([...results.map((result) => result.score)].sort((a, b) => b - a));
  });

  it("returns the chunk text and position of the best match", async () => {
    const [best] = await service.retrieve({ kbIds: ["policies"], query: "per diem euros", topK: 1 });
    expect(best).toMatchObject({ document: "travel-expenses.pdf", chunk: expect.any(Number) });
    expect(best.text).toContain("The daily per diem for meals is 45 euros.");
  });

  it("honours top_k, min_score and the knowledge bases asked for", async () => {
    const all = await service.retrieve({ kbIds: ["policies"], query: "refund damaged items shipping days", topK: 50 });
    expect(all.length).toBeGreaterThan(3);
    expect(await service.retrieve({ kbIds: ["policies"], query: "refund damaged items shipping days", topK: 2 })).toEqual(all.slice(0, 2));
    const threshold = all[2].score;
    const filtered = await service.retrieve({
      kbIds: ["policies"],
      query: "refund damaged items shipping days",
      topK: 50,
      minScore: threshold,
    });
    expect(filtered.every((result) => result.score >= threshold)).toBe(true);
    expect(filtered.length).toBeLessThan(all.length);
    const both = await service.retrieve({ kbIds: ["policies", "marketing"], query: "spring campaign refund guarantee", topK: 1 });
    expect(both[0].document).toBe("campaign.md");
    const policiesOnly = await service.retrieve({ kbIds: ["policies"], query: "spring campaign refund guarantee", topK: 5 });
    expect(policiesOnly.map((result) => result.document)).not.toContain("campaign.md");
  });

  it("returns nothing for a stop-word-only query, and rejects unknown knowledge bases and bad top_k", async () => {
    expect(await service.retrieve({ kbIds: ["policies"], query: "what is the", topK: 5 })).toEqual([]);
    await expect(service.retrieve({ kbIds: ["policies", "nope"], query: "refund", topK: 5 })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Unknown knowledge base "nope"',
    });
    await expect(service.retrieve({ kbIds: ["policies"], query: "refund", topK: 0 })).rejects.toMatchObject({ code: "invalid_config" });
  });

  it("forgets a removed document and re-indexes a replaced one", async () => {
    const retriever = createMiniSearchRetriever();
    const local = createKnowledgeService({ retriever });
    await local.addDocument({ kbId: "kb", documentId: "d1", name: "a.txt", content: "The cafeteria opens at eight." });
    await local.addDocument({ kbId: "kb", documentId: "d2", name: "b.txt", content: "Parking is free for visitors." });
    expect((await local.retrieve({ kbIds: ["kb"], query: "cafeteria", topK: 5 })).map((result) => result.document)).toEqual(["a.txt"]);
    await local.addDocument({ kbId: "kb", documentId: "d1", name: "a.txt", content: "The canteen opens at nine." });
    expect(await local.retrieve({ kbIds: ["kb"], query: "cafeteria", topK: 5 })).toEqual([]);
    await local.removeDocument("d2");
    expect(await local.retrieve({ kbIds: ["kb"], query: "parking visitors", topK: 5 })).toEqual([]);
    await local.removeDocument("d1");
    expect(retriever.hasKnowledgeBase("kb")).toBe(false);
  });

  it("normalises BM25 into 0..1", () => {
    expect([0, 1, 4, 9].map(normaliseBm25)).toEqual([0, 0.5, 0.8, 0.9]);
  });
});

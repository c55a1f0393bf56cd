/**
 * Full-text retrieval in the database over real documents (md, html, txt, docx, pdf), on SQLite (FTS5, bm25)
 * and PostgreSQL (tsvector, ts_rank_cd): the expected document first, scoping by knowledge base, query text that
 * is operator syntax to the engines, and deletion taking chunks out of the index.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentHash, indexDocument, retrieve, searchKnowledge } from "@/lib/capabilities/knowledge";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../test-databases";
import { createDocument, createKnowledgeBase, deleteDocument, deleteKnowledgeBase, listDocuments } from "./knowledge";

const FIXTURES = ["refunds-policy.md", "shipping.html", "security-faq.txt", "onboarding.docx", "travel-expenses.pdf"];
const MIME: Record<string, string> = {
  md: "text/markdown",
  html: "text/html",
  txt: "text/plain",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

describe.each(testDatabaseKinds())("knowledge search on %s", (kind) => {
  let test: TestDatabase;
  const viewer = { id: "", role: "member" as const };
  const ranker = kind === "sqlite" ? "bm25" : "ts_rank_cd";

  async function addDocument(kbId: string, name: string, bytes: Buffer, chunk = { size: 60, overlap: 10 }) {
    const mimeType = MIME[name.split(".").pop()!] ?? "text/plain";
    const document = await createDocument(test.db, kbId, { name, mimeType, sizeBytes: bytes.length, contentHash: contentHash(bytes) });
    await indexDocument(test.db, {
      kbId,
      documentId: document.id,
      name,
      mimeType,
      bytes,
      chunkSize: chunk.size,
      chunkOverlap: chunk.overlap,
    });
    return document.id;
  }

  async function newKnowledgeBase(key: string) {
    return createKnowledgeBase(test.db, viewer, { key, name: key, description: "", chunkSize: 60, chunkOverlap: 10, visibility: "shared" });
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    viewer.id = (await test.db.user.create({ data: { email: `kb-${kind}@example.com`, name: "KB", passwordHash: "x" } })).id;
    const policies = await newKnowledgeBase("policies");
    for (const name of FIXTURES)
      await addDocument(policies.id, name, readFileSync(new URL(`../../knowledge/fixtures/${name}`, import.meta.url)));
    const marketing = await newKnowledgeBase("marketing");
    await addDocument(
      marketing.id,
      "campaign.md",
      Buffer.from("Our spring campaign offers a refund guarantee on damaged goods for 30 days."),
    );
  });
  afterAll(() => test?.cleanup());

  it("indexes every fixture", async () => {
    const kb = (await test.db.knowledgeBase.findUniqueOrThrow({ where: { key: "policies" } })).id;
    const documents = await listDocuments(test.db, kb);
    expect(documents.map((document) => [document.name, document.status, document.error]).sort()).toEqual(
      FIXTURES.map((name) => [name, "ready", null]).sort(),
    );
    expect(documents.find((document) => document.name === "refunds-policy.md")!.chunkCount).toBeGreaterThan(1);
  });

  it.each([
    ["How many days do I have to report a damaged item for a refund?", "refunds-policy.md"],
    ["international delivery customs duties", "shipping.html"],
    ["reset my password with two-factor authentication", "security-faq.txt"],
    ["laptop and access badge on the first day", "onboarding.docx"],
    ["daily per diem for meals when travelling", "travel-expenses.pdf"],
  ])("ranks the expected document first for %j", async (query, expected) => {
    const result = await searchKnowledge(test.db, { kbIds: ["policies"], query, topK: 3 });
    expect(result.mode).toBe("bm25");
    expect(result.keywordRanker).toBe(ranker);
    expect(result.hits[0].document).toBe(expected);
    for (const hit of result.hits) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThan(1);
      expect(hit.score).toBeCloseTo(hit.keywordScore! / (hit.keywordScore! + 1), 12);
      expect([hit.vectorScore, hit.fusedScore]).toEqual([null, null]);
    }
    const scores = result.hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("returns the chunk text and position of the best match", async () => {
    const [best] = await retrieve(test.db, { kbIds: ["policies"], query: "per diem euros", topK: 1 });
    expect(best).toEqual({
      document: "travel-expenses.pdf",
      chunk: expect.any(Number),
      score: expect.any(Number),
      text: expect.any(String),
    });
    expect(best.text).toContain("The daily per diem for meals is 45 euros.");
  });

  it("honours top_k, min_score and the knowledge bases asked for (by key or id)", async () => {
    const query = "refund damaged items shipping days";
    const all = await retrieve(test.db, { kbIds: ["policies"], query, topK: 50 });
    expect(all.length).toBeGreaterThan(3);
    expect(await retrieve(test.db, { kbIds: ["policies"], query, topK: 2 })).toEqual(all.slice(0, 2));
    const threshold = all[2].score;
    const filtered = await retrieve(test.db, { kbIds: ["policies"], query, topK: 50, minScore: threshold });
    expect(filtered).toEqual(all.filter((hit) => hit.score >= threshold));
    expect(filtered.length).toBeLessThan(all.length);
    const marketing = await test.db.knowledgeBase.findUniqueOrThrow({ where: { key: "marketing" } });
    const both = await retrieve(test.db, { kbIds: ["policies", marketing.id], query: "spring campaign refund guarantee", topK: 1 });
    expect(both.map((hit) => hit.document)).toEqual(["campaign.md"]);
    const policiesOnly = await retrieve(test.db, { kbIds: ["policies"], query: "spring campaign refund guarantee", topK: 50 });
    expect(policiesOnly.map((hit) => hit.document)).not.toContain("campaign.md");
  });

  it("rejects unknown knowledge bases and a bad top_k or min_score", async () => {
    await expect(retrieve(test.db, { kbIds: ["policies", "nope"], query: "refund", topK: 5 })).rejects.toMatchObject({
      code: "invalid_config",
      message: 'Unknown knowledge base "nope"',
    });
    await expect(retrieve(test.db, { kbIds: ["policies"], query: "refund", topK: 0 })).rejects.toMatchObject({
      code: "invalid_config",
      message: "top_k must be a whole number of at least 1, got 0",
    });
    await expect(retrieve(test.db, { kbIds: ["policies"], query: "refund", topK: 1, minScore: 2 })).rejects.toMatchObject({
      code: "invalid_config",
      message: "min_score must be between 0 and 1, got 2",
    });
  });

  it.each([
    ['"two-factor', "security-faq.txt"],
    ["password AND", "security-faq.txt"],
    ["NEAR(customs duties)", "shipping.html"],
    ["-customs -duties", "shipping.html"],
    ["per* diem^ : meals", "travel-expenses.pdf"],
    ["laptop' OR 1=1; --", "onboarding.docx"],
    ['badge") OR ("x', "onboarding.docx"],
  ])("searches operator syntax %j as plain words", async (query, expected) => {
    const hits = await retrieve(test.db, { kbIds: ["policies"], query, topK: 3 });
    expect(hits[0]?.document).toBe(expected);
  });

  it.each(["what is the", "AND OR NOT", '"', "*", "-", "()", ""])("returns nothing for %j", async (query) => {
    expect(await retrieve(test.db, { kbIds: ["policies"], query, topK: 5 })).toEqual([]);
  });

  it("replaces a re-indexed document's chunks in the index, and drops deleted documents and knowledge bases", async () => {
    const kb = await newKnowledgeBase("scratch");
    const cafeteria = await addDocument(kb.id, "a.txt", Buffer.from("The cafeteria opens at eight."));
    const parking = await addDocument(kb.id, "b.txt", Buffer.from("Parking is free for visitors."));
    const documentsOf = async (query: string) =>
      (await retrieve(test.db, { kbIds: ["scratch"], query, topK: 5 })).map((hit) => hit.document);
    expect(await documentsOf("cafeteria")).toEqual(["a.txt"]);
    await indexDocument(test.db, {
      kbId: kb.id,
      documentId: cafeteria,
      name: "a.txt",
      mimeType: "text/plain",
      bytes: Buffer.from("The canteen opens at nine."),
      chunkSize: 60,
      chunkOverlap: 10,
    });
    expect(await documentsOf("cafeteria")).toEqual([]);
    expect(await documentsOf("canteen")).toEqual(["a.txt"]);

    await deleteDocument(test.db, kb.id, parking);
    expect(await test.db.chunk.count({ where: { documentId: parking } })).toBe(0);
    expect(await documentsOf("parking visitors")).toEqual([]);
    await deleteKnowledgeBase(test.db, viewer, kb.id);
    expect(await test.db.chunk.count({ where: { knowledgeBaseId: kb.id } })).toBe(0);
    if (kind === "sqlite") {
      // the FTS5 index holds exactly the Chunk rows: 'integrity-check' with rank 1 compares it with its content table
      await test.db.$executeRawUnsafe(`INSERT INTO "ChunkSearch"("ChunkSearch", rank) VALUES ('integrity-check', 1)`);
      const [{ indexed }] = await test.db.$queryRawUnsafe<{ indexed: number | bigint }[]>(
        `SELECT count(*) AS indexed FROM "ChunkSearch" WHERE "ChunkSearch" MATCH '"canteen" OR "parking" OR "cafeteria"'`,
      );
      expect(Number(indexed)).toBe(0);
    }
  });

  it("keeps the full-text index objects the migrations created", async () => {
    if (kind === "sqlite") {
      const rows = await test.db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT name FROM sqlite_master WHERE (type = 'trigger' AND tbl_name = 'Chunk') OR name = 'ChunkSearch' ORDER BY name`,
      );
      expect(rows.map((row) => row.name)).toEqual(["ChunkSearch", "Chunk_search_delete", "Chunk_search_insert", "Chunk_search_update"]);
    } else {
      const rows = await test.db.$queryRawUnsafe<{ indexdef: string }[]>(
        `SELECT indexdef FROM pg_indexes WHERE indexname = 'Chunk_text_search_idx'`,
      );
      expect(rows.map((row) => row.indexdef)).toEqual([
        `CREATE INDEX "Chunk_text_search_idx" ON public."Chunk" USING gin (to_tsvector('english'::regconfig, text))`,
      ]);
    }
  });
});

/**
 * Hybrid ranking (bm25 + embeddings, fused by RRF k = 60) against a real OpenAI-compatible server: aimock
 * serving `/v1/embeddings` from fixtures, on SQLite and PostgreSQL.
 *
 * aimock answers a request with one fixture for the whole batch (it matches the inputs joined by spaces and
 * repeats the fixture's vector for each input), so the ranking tests use one-chunk documents, each embedded
 * by a request of its own, and the batching test counts requests.
 */
import { LLMock } from "@copilotkit/aimock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDefaultModelProvider } from "@/lib/db/queries/model-providers";
import { createDocument, createKnowledgeBase, listDocuments } from "@/lib/db/queries/knowledge";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "@/lib/db/test-databases";
import { EMBEDDING_BATCH_SIZE } from "@/lib/llm/embeddings";
import { decodeVector } from "@/lib/knowledge/vectors";
import { contentHash, indexDocument, searchKnowledge } from "./knowledge";

const MODEL = "mock-embed-3";
const ENV_OVERRIDES = ["OPENAI_BASE_URL", "OPENAI_API_KEY", "SWITCHYARD_MODEL", "SWITCHYARD_FAST_MODEL"];
let mock: LLMock;
const savedEnv = Object.fromEntries(ENV_OVERRIDES.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  for (const name of ENV_OVERRIDES) delete process.env[name];
  mock = new LLMock({ port: 0 });
  // first matching fixture wins: this query also names a document's word
  mock.onEmbedding("explode", { error: { message: "upstream overloaded", type: "server_error" }, status: 503 });
  // documents (one chunk each): three topics on three axes
  mock.onEmbedding("Kittens", { embedding: [1, 0, 0] });
  mock.onEmbedding("Puppies", { embedding: [0, 1, 0] });
  mock.onEmbedding("revenue", { embedding: [0, 0, 1] });
  mock.onEmbedding("gamma", { embedding: [0.5, 0.5, 0.5] });
  mock.onEmbedding("poison", { error: { message: "The model mock-embed-3 does not exist", type: "invalid_request_error" }, status: 404 });
  // queries
  mock.onEmbedding("feline healthcare", { embedding: [0.9, 0.1, 0] });
  mock.onEmbedding("puppy walks", { embedding: [0.2, 1, 0] });
  await mock.start();
});

afterAll(async () => {
  await mock?.stop();
  for (const [name, value] of Object.entries(savedEnv)) if (value !== undefined) process.env[name] = value;
});

const embeddingRequests = () => mock.getRequests().filter((entry) => entry.path === "/v1/embeddings");

describe.each(testDatabaseKinds())("hybrid knowledge retrieval on %s", (kind) => {
  let test: TestDatabase;
  const viewer = { id: "", role: "member" as const };

  async function knowledgeBase(key: string, embeddingModel: string | null) {
    return createKnowledgeBase(test.db, viewer, {
      key,
      name: key,
      description: "",
      chunkSize: 200,
      chunkOverlap: 20,
      visibility: "shared",
      embeddingModel,
    });
  }

  async function addDocument(kb: { id: string; embeddingModel: string | null; chunkSize: number }, name: string, text: string) {
    const bytes = Buffer.from(text);
    const document = await createDocument(test.db, kb.id, {
      name,
      mimeType: "text/plain",
      sizeBytes: bytes.length,
      contentHash: contentHash(bytes),
    });
    await indexDocument(test.db, {
      kbId: kb.id,
      documentId: document.id,
      name,
      mimeType: "text/plain",
      bytes,
      chunkSize: kb.chunkSize,
      chunkOverlap: 0,
      embeddingModel: kb.embeddingModel,
    });
    return document.id;
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    const user = await test.db.user.create({ data: { email: `hybrid-${kind}@example.com`, name: "H", passwordHash: "x" } });
    viewer.id = user.id;
    await saveDefaultModelProvider(
      test.db,
      { name: "aimock", baseUrl: `${mock.url}/v1`, apiKey: null, smartModel: "mock-smart", fastModel: "mock-fast" },
      user.id,
    );
    const pets = await knowledgeBase("pets", MODEL);
    await addDocument(pets, "kittens.txt", "Kittens need their first vaccinations at eight weeks.");
    await addDocument(pets, "dogs.txt", "Puppies should be walked twice a day.");
    await addDocument(pets, "finance.txt", "Quarterly revenue grew by twelve percent.");
  });
  afterAll(() => test?.cleanup());

  it("stores one float32 vector per chunk from the endpoint", async () => {
    const chunks = await test.db.chunk.findMany({ where: { knowledgeBase: { key: "pets" } }, include: { document: true } });
    const vectors = Object.fromEntries(chunks.map((chunk) => [chunk.document.name, [...decodeVector(chunk.embedding!)]]));
    expect(vectors).toEqual({ "kittens.txt": [1, 0, 0], "dogs.txt": [0, 1, 0], "finance.txt": [0, 0, 1] });
  });

  it("finds by meaning what no keyword matches", async () => {
    const result = await searchKnowledge(test.db, { kbIds: ["pets"], query: "feline healthcare", topK: 1 });
    expect(result.mode).toBe("hybrid");
    expect(result.warning).toBeUndefined();
    expect(result.hits).toHaveLength(1);
    const [hit] = result.hits;
    expect(hit.document).toBe("kittens.txt");
    expect(hit.keywordScore).toBeNull();
    expect(hit.vectorScore).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1), 6);
    expect(hit.fusedScore).toBe(1 / 61);
    expect(hit.score).toBe(0.5);
  });

  it("fuses the keyword and vector rankings by RRF (k = 60)", async () => {
    const result = await searchKnowledge(test.db, { kbIds: ["pets"], query: "puppy walks", topK: 5 });
    expect(result.mode).toBe("hybrid");
    expect(result.hits.map((hit) => [hit.document, hit.fusedScore])).toEqual([
      ["dogs.txt", 1 / 61 + 1 / 61], // first by keywords (puppy ~ puppies, walks ~ walked) and by vector
      ["kittens.txt", 1 / 62], // second by vector only
      ["finance.txt", 1 / 63],
    ]);
    expect(result.hits[0].score).toBe(1);
    expect(result.hits[0].keywordScore).toBeGreaterThan(0);
    expect(result.hits[0].vectorScore).toBeCloseTo(1 / Math.hypot(0.2, 1), 6);
    expect(result.hits[1].vectorScore).toBeCloseTo(0.2 / Math.hypot(0.2, 1), 6);
    expect(result.hits[2].vectorScore).toBe(0);
    expect(result.hits.slice(1).map((hit) => hit.keywordScore)).toEqual([null, null]);
    const above = await searchKnowledge(test.db, { kbIds: ["pets"], query: "puppy walks", topK: 5, minScore: 0.5 });
    expect(above.hits.map((hit) => hit.document)).toEqual(["dogs.txt"]);
  });

  it("falls back to keywords, with a warning, when the query cannot be embedded", async () => {
    const result = await searchKnowledge(test.db, { kbIds: ["pets"], query: "explode revenue", topK: 5 });
    expect(result.mode).toBe("bm25");
    expect(result.warning).toBe(
      "Ranked by keywords only: the query could not be embedded (Model endpoint error (HTTP 503): upstream overloaded)",
    );
    expect(result.hits.map((hit) => hit.document)).toEqual(["finance.txt"]);
  });

  it("keeps a document searchable by keywords when its embedding fails, and says why", async () => {
    const kb = await knowledgeBase(`poisoned-${kind}`, MODEL);
    const id = await addDocument(kb, "poison.txt", "A poison control leaflet about household chemicals.");
    const [document] = await listDocuments(test.db, kb.id);
    expect(document).toMatchObject({
      id,
      status: "ready",
      chunkCount: 1,
      error:
        "Embedding with mock-embed-3 failed, so this document is ranked by keywords only: Model endpoint error (HTTP 404): The model mock-embed-3 does not exist",
    });
    expect(await test.db.chunk.count({ where: { documentId: id, embedding: null } })).toBe(1);
    const result = await searchKnowledge(test.db, { kbIds: [kb.key], query: "household chemicals", topK: 3 });
    expect(result.hits.map((hit) => [hit.document, hit.vectorScore])).toEqual([["poison.txt", null]]);
  });

  it("embeds a long document in batches of 64 chunks", async () => {
    const kb = await knowledgeBase(`long-${kind}`, MODEL);
    const sentences = Array.from({ length: 300 }, (_, index) => `Sentence ${index} is about gamma rays and topic ${index}.`);
    mock.clearRequests();
    const id = await addDocument({ ...kb, chunkSize: 50 }, "long.txt", sentences.join(" "));
    const chunkCount = await test.db.chunk.count({ where: { documentId: id, embedding: { not: null } } });
    expect(EMBEDDING_BATCH_SIZE).toBe(64);
    expect(chunkCount).toBe(100);
    expect(embeddingRequests()).toHaveLength(2); // 64 + 36 inputs
    expect(embeddingRequests().every((entry) => entry.response.status === 200)).toBe(true);
  });

  it("ranks by bm25 alone, without calling the endpoint, when no embedding model is set", async () => {
    const kb = await knowledgeBase(`plain-${kind}`, null);
    mock.clearRequests();
    await addDocument(kb, "kittens.txt", "Kittens need their first vaccinations at eight weeks.");
    const result = await searchKnowledge(test.db, { kbIds: [kb.key], query: "kitten vaccinations", topK: 3 });
    expect(result.mode).toBe("bm25");
    expect(result.hits.map((hit) => [hit.document, hit.vectorScore, hit.fusedScore])).toEqual([["kittens.txt", null, null]]);
    expect(embeddingRequests()).toEqual([]);
    expect(await test.db.chunk.count({ where: { knowledgeBaseId: kb.id, embedding: { not: null } } })).toBe(0);
  });
});

/**
 * Embedding vectors: their stored form (Chunk.embedding) and cosine similarity.
 *
 * Vectors are compared in JavaScript, by a linear scan over the knowledge bases' stored vectors on every
 * query. That is fine at the scale a knowledge base here has (thousands of chunks: 5,000 chunks × 1,536
 * dimensions is 7.7 M multiply-adds and ~31 MB read, tens of milliseconds); beyond that, a vector index
 * (sqlite-vec, pgvector) would be the next step.
 */

/**
 * Encodes a vector as little-endian IEEE-754 float32 values, 4 bytes per dimension (Chunk.embedding).
 * @throws Error `Embedding value at index N is not a finite number` for NaN or ±Infinity.
 */
export function encodeVector(vector: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < vector.length; index += 1) {
    const value = vector[index];
    if (!Number.isFinite(value)) throw new Error(`Embedding value at index ${index} is not a finite number`);
    view.setFloat32(index * 4, value, true);
  }
  return bytes;
}

/**
 * Decodes `encodeVector`'s bytes.
 * @throws Error when the length is not a multiple of 4.
 */
export function decodeVector(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new Error(`A stored embedding has ${bytes.byteLength} bytes, not a multiple of 4`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Float32Array(bytes.byteLength / 4);
  for (let index = 0; index < vector.length; index += 1) vector[index] = view.getFloat32(index * 4, true);
  return vector;
}

/**
 * Cosine similarity of two vectors of the same length, in -1..1 (1: same direction). 0 when either is all
 * zeros. @throws Error when the lengths differ (vectors of two different embedding models).
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`Cannot compare vectors of ${a.length} and ${b.length} dimensions`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    dot += a[index] * b[index];
    normA += a[index] * a[index];
    normB += b[index] * b[index];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

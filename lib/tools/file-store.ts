/**
 * FileStores for binary tool results: in memory (tests, headless runs), or content-addressed files on
 * disk (`<dir>/<sha256>`), referenced as `file:sha256:<hex>`.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FileRef, FileStore } from "./types";

function refFor(data: Uint8Array): string {
  return `file:sha256:${createHash("sha256").update(data).digest("hex")}`;
}

/** Keeps files in a Map; `get(ref)` returns the bytes. */
export function createMemoryFileStore(): FileStore & { get(ref: string): Uint8Array | undefined } {
  const files = new Map<string, Uint8Array>();
  return {
    async put(file) {
      const ref = refFor(file.data);
      files.set(ref, file.data);
      return { ref, name: file.name, mime_type: file.mimeType, size_bytes: file.data.byteLength } satisfies FileRef;
    },
    get: (ref) => files.get(ref),
  };
}

/** Writes each file once under `dir`, named by its SHA-256. */
export function createDiskFileStore(dir: string): FileStore {
  return {
    async put(file) {
      const ref = refFor(file.data);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, ref.slice("file:sha256:".length)), file.data);
      return { ref, name: file.name, mime_type: file.mimeType, size_bytes: file.data.byteLength };
    },
  };
}

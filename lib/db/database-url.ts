import path from "node:path";

/** Which database a DATABASE_URL names: `file:` URLs are the embedded SQLite default. */
export type DatabaseKind = "sqlite" | "postgres";

/** The embedded default: a SQLite file under data/ (git-ignored). */
export const DEFAULT_DATABASE_URL = "file:./data/switchyard.db";

/**
 * @returns "sqlite" for `file:` URLs, "postgres" for `postgres://` / `postgresql://`.
 * @throws Error naming the URL's scheme when it is neither.
 */
export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  throw new Error(
    `DATABASE_URL "${redactUrl(url)}" is not supported: use file:./data/switchyard.db (SQLite) or postgresql://user:pass@host:5432/db`,
  );
}

/** Absolute path of a `file:` URL's SQLite file, relative paths resolved from the working directory. */
export function sqliteFilePath(url: string): string {
  const file = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), file);
}

/** The URL with any password replaced by "***", for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, "//$1:***@");
}

/** DATABASE_URL from the environment, or the embedded default. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

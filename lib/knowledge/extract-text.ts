/**
 * Plain text out of an uploaded document: txt / md (as is), html (html-to-text), pdf (unpdf, pdf.js),
 * docx (mammoth). The type comes from the MIME type, else from the file extension.
 */
import { convert as htmlToText } from "html-to-text";
import mammoth from "mammoth";
import { extractText as extractPdfText, getDocumentProxy } from "unpdf";
import { serviceError } from "@/lib/net/service-error";

/** Document kinds extractText understands. */
export type DocumentKind = "text" | "markdown" | "html" | "pdf" | "docx";

const BY_MIME: Record<string, DocumentKind> = {
  "text/plain": "text",
  "text/csv": "text",
  "application/json": "text",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

const BY_EXTENSION: Record<string, DocumentKind> = {
  txt: "text",
  text: "text",
  csv: "text",
  json: "text",
  log: "text",
  md: "markdown",
  markdown: "markdown",
  mdx: "markdown",
  html: "html",
  htm: "html",
  xhtml: "html",
  pdf: "pdf",
  docx: "docx",
};

/** The kind of a document, or null when unsupported. MIME type wins unless it is generic (octet-stream). */
export function documentKind(filename: string, mimeType?: string | null): DocumentKind | null {
  const mime = mimeType?.split(";")[0].trim().toLowerCase();
  if (mime && BY_MIME[mime]) return BY_MIME[mime];
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || null;
}

function normalise(text: string): string {
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Extracts the text of a document.
 * @param buffer the file's bytes.
 * @returns the text with normalised line ends (LF), no trailing spaces, at most one blank line in a row.
 * @throws WorkflowError `invalid_config` for an unsupported type or a file that cannot be read (corrupt PDF
 *   or DOCX), with the file name in the message.
 */
export async function extractText(buffer: Buffer | Uint8Array, filename: string, mimeType?: string | null): Promise<string> {
  const kind = documentKind(filename, mimeType);
  if (!kind)
    throw serviceError(
      "invalid_config",
      `Unsupported document type for ${filename} (${mimeType ?? "no MIME type"}); use txt, md, html, pdf or docx`,
    );
  const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer);
  try {
    switch (kind) {
      case "text":
      case "markdown":
        return normalise(bytes.toString("utf8"));
      case "html":
        return normalise(
          htmlToText(bytes.toString("utf8"), {
            wordwrap: false,
            selectors: [
              { selector: "a", options: { ignoreHref: true } },
              { selector: "img", format: "skip" },
              { selector: "nav", format: "skip" },
              { selector: "h1", options: { uppercase: false } },
              { selector: "h2", options: { uppercase: false } },
              { selector: "h3", options: { uppercase: false } },
              { selector: "table", options: { uppercaseHeaderCells: false } },
            ],
          }),
        );
      case "pdf": {
        const pdf = await getDocumentProxy(new Uint8Array(bytes));
        const { text } = await extractPdfText(pdf, { mergePages: false });
        return normalise(text.join("\n\n"));
      }
      case "docx":
        return normalise((await mammoth.extractRawText({ buffer: bytes })).value);
    }
  } catch (error) {
    throw serviceError("invalid_config", `Cannot read ${filename} as ${kind}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/**
 * A small, safe Markdown preview: headings, paragraphs, lists, block quotes, fenced code, rules, and inline
 * code, bold, italic and links. It builds React elements — text is never parsed as HTML, so raw HTML in the
 * Markdown shows as text — and only http(s) and mailto links become links.
 */
import type { ReactNode } from "react";

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;

function inline(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const token = match[0];
    const key = `${keyPrefix}-${index++}`;
    if (token.startsWith("`")) {
      nodes.push(
        <code key={key} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800">
          {token.slice(1, -1)}
        </code>,
      );
    } else if (token.startsWith("**")) {
      nodes.push(<strong key={key}>{inline(token.slice(2, -2), key)}</strong>);
    } else if (token.startsWith("*") || token.startsWith("_")) {
      nodes.push(<em key={key}>{inline(token.slice(1, -1), key)}</em>);
    } else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      nodes.push(
        /^(https?:|mailto:)/i.test(href ?? "") ? (
          <a
            key={key}
            href={href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 underline dark:text-brand-400"
          >
            {label}
          </a>
        ) : (
          token
        ),
      );
    }
    rest = rest.slice(match.index + token.length);
  }
  return nodes;
}

type Block =
  | { type: "heading"; level: number; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; ordered: boolean; items: string[] }
  | { type: "quote"; text: string }
  | { type: "code"; text: string }
  | { type: "rule" };

function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
    } else if (line.trimStart().startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith("```")) code.push(lines[i++]);
      i++;
      blocks.push({ type: "code", text: code.join("\n") });
    } else if (/^#{1,6}\s/.test(line)) {
      const [, hashes, text] = /^(#{1,6})\s+(.*)$/.exec(line) ?? ["", "#", line];
      blocks.push({ type: "heading", level: hashes.length, text: text.replace(/\s#+\s*$/, "") });
      i++;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ type: "rule" });
      i++;
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i])) {
        items.push(lines[i].replace(/^\s*([-*+]|\d+[.)])\s+/, ""));
        i++;
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*([-*+]|\d+[.)])\s+/.test(lines[i]))
          items[items.length - 1] += ` ${lines[i++].trim()}`;
      }
      blocks.push({ type: "list", ordered, items });
    } else if (line.startsWith(">")) {
      const quote: string[] = [];
      while (i < lines.length && lines[i].startsWith(">")) quote.push(lines[i++].replace(/^>\s?/, ""));
      blocks.push({ type: "quote", text: quote.join(" ") });
    } else {
      const paragraph: string[] = [];
      while (i < lines.length && lines[i].trim() !== "" && !/^(#{1,6}\s|```|>|\s*([-*+]|\d+[.)])\s+)/.test(lines[i]))
        paragraph.push(lines[i++].trim());
      blocks.push({ type: "paragraph", text: paragraph.join(" ") });
    }
  }
  return blocks;
}

const HEADING_CLASS = [
  "text-xl font-semibold",
  "text-lg font-semibold",
  "text-base font-semibold",
  "text-sm font-semibold",
  "text-sm font-semibold",
  "text-sm font-medium",
];

export function MarkdownPreview({ markdown }: { markdown: string }) {
  const blocks = parseBlocks(markdown);
  if (blocks.length === 0) return <p className="text-sm text-zinc-500">Nothing to preview yet.</p>;
  return (
    <div className="space-y-3 text-sm leading-relaxed" data-testid="markdown-preview">
      {blocks.map((block, index) => {
        const key = `b${index}`;
        switch (block.type) {
          case "rule":
            return <hr key={key} className="border-zinc-200 dark:border-zinc-800" />;
          case "heading": {
            const Tag = `h${Math.min(block.level + 1, 6)}` as "h2";
            return (
              <Tag key={key} className={HEADING_CLASS[block.level - 1]}>
                {inline(block.text, key)}
              </Tag>
            );
          }
          case "paragraph":
            return <p key={key}>{inline(block.text, key)}</p>;
          case "quote":
            return (
              <blockquote key={key} className="border-l-4 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                {inline(block.text, key)}
              </blockquote>
            );
          case "code":
            return (
              <pre key={key} className="overflow-auto rounded bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-950">
                {block.text}
              </pre>
            );
          default: {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={key} className={block.ordered ? "list-decimal space-y-1 pl-6" : "list-disc space-y-1 pl-6"}>
                {block.items.map((item, itemIndex) => (
                  <li key={`${key}-${itemIndex}`}>{inline(item, `${key}-${itemIndex}`)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

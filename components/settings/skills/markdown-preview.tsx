/**
 * The skill body's Markdown preview: CommonMark with GitHub's extensions (tables, task lists, strikethrough,
 * autolinks), parsed by react-markdown + remark-gfm, so `snake_case_name` keeps its underscores (intraword `_`
 * is not emphasis). Safe by construction: it builds React elements and never parses text as HTML (no
 * rehype-raw, so raw HTML in the Markdown shows as text); only http(s) and mailto links become links, and
 * images are not loaded (their alt text shows instead).
 */
import type { ComponentPropsWithoutRef, JSX } from "react";
import Markdown, { type Components, defaultUrlTransform, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";

const REMARK_PLUGINS = [remarkGfm];

const LINKABLE = /^(https?:|mailto:)/i;

/** Keeps an `href` that is http(s) or mailto (and passes react-markdown's own check); drops every other URL. */
function keepSafeLinks(url: string, key: string): string {
  return key === "href" && LINKABLE.test(url) ? defaultUrlTransform(url) : "";
}

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> & ExtraProps;

/** Element renderers with the app's styles; `node` (the syntax tree) is never passed to the DOM. */
const COMPONENTS = {
  // the page has its own h1: Markdown headings start one level down
  h1: ({ node: _node, ...props }: Props<"h1">) => <h2 className="text-xl font-semibold" {...props} />,
  h2: ({ node: _node, ...props }: Props<"h2">) => <h3 className="text-lg font-semibold" {...props} />,
  h3: ({ node: _node, ...props }: Props<"h3">) => <h4 className="text-base font-semibold" {...props} />,
  h4: ({ node: _node, ...props }: Props<"h4">) => <h5 className="text-sm font-semibold" {...props} />,
  h5: ({ node: _node, ...props }: Props<"h5">) => <h6 className="text-sm font-semibold" {...props} />,
  h6: ({ node: _node, ...props }: Props<"h6">) => <h6 className="text-sm font-medium" {...props} />,
  ul: ({ node: _node, ...props }: Props<"ul">) => <ul className="list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }: Props<"ol">) => <ol className="list-decimal space-y-1 pl-6" {...props} />,
  blockquote: ({ node: _node, ...props }: Props<"blockquote">) => (
    <blockquote className="border-l-4 border-zinc-300 pl-3 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" {...props} />
  ),
  hr: ({ node: _node, ...props }: Props<"hr">) => <hr className="border-zinc-200 dark:border-zinc-800" {...props} />,
  pre: ({ node: _node, ...props }: Props<"pre">) => (
    <pre
      className="overflow-auto rounded bg-zinc-100 p-3 font-mono text-xs dark:bg-zinc-950 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-xs"
      {...props}
    />
  ),
  code: ({ node: _node, ...props }: Props<"code">) => (
    <code className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800" {...props} />
  ),
  a: ({ node: _node, href, children }: Props<"a">) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline dark:text-brand-400">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }: Props<"img">) => <span className="text-zinc-500">[{alt || "image"}]</span>,
  table: ({ node: _node, ...props }: Props<"table">) => (
    <div className="overflow-x-auto">
      <table className="border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }: Props<"th">) => (
    <th className="border border-zinc-300 bg-zinc-50 px-3 py-1.5 font-semibold dark:border-zinc-700 dark:bg-zinc-900" {...props} />
  ),
  td: ({ node: _node, ...props }: Props<"td">) => <td className="border border-zinc-300 px-3 py-1.5 dark:border-zinc-700" {...props} />,
} satisfies Components;

/** Renders a skill's Markdown body (see the module comment for what is supported and what is refused). */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  if (markdown.trim() === "") return <p className="text-sm text-zinc-500">Nothing to preview yet.</p>;
  return (
    <div className="space-y-3 text-sm leading-relaxed" data-testid="markdown-preview">
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS} urlTransform={keepSafeLinks}>
        {markdown}
      </Markdown>
    </div>
  );
}

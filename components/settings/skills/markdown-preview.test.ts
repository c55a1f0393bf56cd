import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownPreview } from "./markdown-preview";

const render = (markdown: string) => renderToStaticMarkup(createElement(MarkdownPreview, { markdown }));

describe("MarkdownPreview", () => {
  it("renders headings, lists, emphasis, code and links", () => {
    const html = render("# Title\n\nSome **bold** and *soft* `code`.\n\n- one\n- two\n\n1. first\n\n[docs](https://example.com/a)");
    expect(html).toContain('<h2 class="text-xl font-semibold">Title</h2>');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>soft</em>");
    expect(html).toContain(">code</code>");
    expect(html).toContain('<ul class="list-disc space-y-1 pl-6"><li>one</li><li>two</li></ul>');
    expect(html).toContain('<ol class="list-decimal space-y-1 pl-6"><li>first</li></ol>');
    expect(html).toContain('href="https://example.com/a"');
  });

  it("shows raw HTML as text and refuses script links", () => {
    const html = render('<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[click](javascript:alert(3))');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("[click](javascript:alert(3))");
  });
});

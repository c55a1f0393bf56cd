import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownPreview } from "./markdown-preview";

/** The preview's HTML, without the newlines React keeps between block elements. */
const render = (markdown: string) => renderToStaticMarkup(createElement(MarkdownPreview, { markdown })).replace(/>\n</g, "><");
/** The same without class attributes, to assert the structure alone. */
const structure = (markdown: string) => render(markdown).replace(/ class="[^"]*"/g, "");

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

  it("shows raw HTML as text, refuses script links and does not load images", () => {
    const html = render(
      '<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[click](javascript:alert(3))\n\n![logo](https://tracker.example/x.png)\n\n<div onclick="x()">block</div>',
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<div onclick");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).toContain("&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;");
    expect(html).not.toContain("javascript");
    expect(html).toContain("<p><span>click</span></p>");
    expect(html).not.toContain("tracker.example");
    expect(html).toContain('<span class="text-zinc-500">[logo]</span>');
  });

  it("keeps underscores inside words (snake_case names are not emphasis)", () => {
    expect(structure("Call read_skill with snake_case_name, or __init__ and a_b_c.")).toBe(
      '<div data-testid="markdown-preview"><p>Call read_skill with snake_case_name, or <strong>init</strong> and a_b_c.</p></div>',
    );
    expect(structure("Use _emphasis_ and `snake_case` in code.")).toBe(
      '<div data-testid="markdown-preview"><p>Use <em>emphasis</em> and <code>snake_case</code> in code.</p></div>',
    );
  });

  it("renders GFM tables with their alignment", () => {
    expect(structure("| Field | Limit |\n| --- | ---: |\n| max_rows | 1000 |\n| `timeout_ms` | 30 000 |")).toBe(
      '<div data-testid="markdown-preview"><div><table>' +
        '<thead><tr><th>Field</th><th style="text-align:right">Limit</th></tr></thead>' +
        '<tbody><tr><td>max_rows</td><td style="text-align:right">1000</td></tr>' +
        '<tr><td><code>timeout_ms</code></td><td style="text-align:right">30 000</td></tr></tbody>' +
        "</table></div></div>",
    );
  });

  it("says so when there is nothing to preview", () => {
    expect(render(" \n ")).toBe('<p class="text-sm text-zinc-500">Nothing to preview yet.</p>');
  });
});

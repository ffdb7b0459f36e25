import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, RENDERED_POSTS_KEPT, renderedPost, safeHref } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("the Markdown policy", () => {
  it("renders paragraphs, emphasis, lists, code and quotes", () => {
    const out = html(
      "Hello *there* and **you**\n\n- one\n- two\n\n1. first\n\n`x = 1`\n\n```\ncode block\n```\n\n> quoted",
    );
    expect(out).toContain("<em>there</em>");
    expect(out).toContain("<strong>you</strong>");
    expect(out).toContain("<ul>\n<li>one</li>");
    expect(out).toContain("<ol>");
    expect(out).toContain("<code>x = 1</code>");
    expect(out).toContain("<pre><code>code block\n</code></pre>");
    expect(out).toContain("<blockquote>");
  });

  it("drops raw HTML tags (as GitHub does): a script never runs, and neither does its text show", () => {
    const out = html(
      '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> <b>bold</b> <a href="javascript:alert(1)">link</a>',
    );
    expect(out).not.toMatch(/<script|<img|<b>|onerror|javascript|alert/);
    expect(out).toContain("bold");
    expect(out).toContain("link");
  });

  it("shows HTML inside code as text", () => {
    expect(html("`<script>`")).toContain("<code>&lt;script&gt;</code>");
  });

  it("drops javascript: and data: links but keeps their text", () => {
    const out = html("[click](javascript:alert(1)) [pic](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:x)");
    expect(out).not.toMatch(/href/);
    expect(out).toContain("click");
    expect(out).toContain("pic");
  });

  it("marks external links nofollow ugc noopener and keeps same-site paths plain", () => {
    expect(html("[site](https://example.com/a)")).toBe(
      '<div class="post-body" dir="auto"><p><a href="https://example.com/a" rel="nofollow ugc noopener">site</a></p></div>',
    );
    expect(html("[@Ana](/members/u1)")).toBe(
      '<div class="post-body" dir="auto"><p><a href="/members/u1">@Ana</a></p></div>',
    );
  });

  it("turns what it does not allow (headings, images, tables) into plain content", () => {
    const out = html("# Big\n\n![alt](https://example.com/x.png)");
    expect(out).not.toMatch(/<h1|<img/);
    expect(out).toContain("Big");
  });
});

describe("post bodies kept by their text (issue 28)", () => {
  it("renders a post's text once and hands out the same tree for the same text, a new one for an edit", () => {
    const text = "Kept *once* with [a link](https://example.com/k)";
    const first = renderedPost(text);
    expect(renderedPost(text)).toBe(first);
    expect(renderedPost(`${text}, edited`)).not.toBe(first);
    expect(renderToStaticMarkup(<Markdown text={text} />)).toBe(
      '<div class="post-body" dir="auto"><p>Kept <em>once</em> with <a href="https://example.com/k" rel="nofollow ugc noopener">a link</a></p></div>',
    );
  });

  it("keeps at most RENDERED_POSTS_KEPT texts, letting the oldest go first", () => {
    const oldest = renderedPost("the oldest kept post");
    for (let i = 0; i < RENDERED_POSTS_KEPT; i++) renderedPost(`post number ${i}`);
    expect(renderedPost(`post number ${RENDERED_POSTS_KEPT - 1}`)).toBe(
      renderedPost(`post number ${RENDERED_POSTS_KEPT - 1}`),
    );
    expect(renderedPost("the oldest kept post")).not.toBe(oldest);
  });
});

describe("safeHref", () => {
  it("keeps only http(s), mailto and same-site paths", () => {
    expect(safeHref("https://a.example/x")).toBe("https://a.example/x");
    expect(safeHref("mailto:a@b.example")).toBe("mailto:a@b.example");
    expect(safeHref("/community/t1")).toBe("/community/t1");
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
  });
});

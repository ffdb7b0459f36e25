/**
 * Post bodies: Markdown rendered by react-markdown (never by hand, never as an HTML string) and
 * cleaned by rehype-sanitize with a schema that allows only what the forum needs: paragraphs,
 * emphasis, lists, code, quotes and links. Raw HTML tags are dropped (as GitHub does; inside code
 * they show as text); links keep only
 * http(s), mailto and same-site paths; external links get rel="nofollow ugc noopener".
 */
import type { ReactElement } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from "~/i18n/pseudo";

export const ALLOWED_ELEMENTS = [
  "p",
  "br",
  "em",
  "strong",
  "del",
  "ul",
  "ol",
  "li",
  "code",
  "pre",
  "blockquote",
  "a",
  "hr",
] as const;

/** Documents the operator writes (content/*.md: privacy notice, terms) may also have headings. */
const DOCUMENT_ELEMENTS = [...ALLOWED_ELEMENTS, "h1", "h2", "h3"];

export const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...ALLOWED_ELEMENTS],
  attributes: { a: ["href"], code: [["className", /^language-[a-z0-9-]+$/]], ol: ["start"] },
  protocols: { href: ["http", "https", "mailto"] },
  clobberPrefix: "post-",
  strip: ["script", "style"],
};

/** Same-site paths stay as they are; other URLs only with a safe protocol; anything else is dropped. */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  if (value.startsWith("#")) return value;
  try {
    const url = new URL(value);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const components: Components = {
  a({ href, children }) {
    const safe = safeHref(href);
    if (!safe) return <span>{children}</span>;
    const external = !safe.startsWith("/") && !safe.startsWith("#");
    return external ? (
      <a href={safe} rel="nofollow ugc noopener">
        {children}
      </a>
    ) : (
      <a href={safe}>{children}</a>
    );
  },
};

const DOCUMENT_SCHEMA: SanitizeSchema = { ...SANITIZE_SCHEMA, tagNames: DOCUMENT_ELEMENTS };

interface TextNode {
  type: string;
  value?: string;
  tagName?: string;
  children?: TextNode[];
}

/**
 * A rehype step that writes every text (code aside) in the pseudo-locale (decision 048): a document
 * the operator wrote, shown to a reader of en-XA, so the pseudo-locale sweep tells it from text that
 * was never translated (decision 065).
 */
function pseudoLocalised() {
  // Code (a file name) keeps its letters, inside the marks.
  const visit = (node: TextNode, inCode: boolean) => {
    if (node.type === "text" && node.value && /\p{L}/u.test(node.value))
      node.value = inCode ? `${PSEUDO_OPEN}${node.value}${PSEUDO_CLOSE}` : pseudoText(node.value);
    node.children?.forEach((child) => visit(child, inCode || node.tagName === "code"));
  };
  return (tree: TextNode) => visit(tree, false);
}

/** How many post bodies keep their rendered tree (per server process, per browser tab). */
export const RENDERED_POSTS_KEPT = 500;
const renderedPosts = new Map<string, ReactElement>();

/**
 * A post body's rendered tree, kept by its text (issue 28): a thread page rendered every post's
 * Markdown again on every view (parse, sanitise and the processor built anew per post: 8 % of the
 * page's CPU). The tree depends only on the text and this module's policy, and react-markdown's
 * synchronous `Markdown` is a pure function (no hooks), so an edited post (new text) gets a new tree
 * and an unchanged one is parsed once. The oldest entry goes first once RENDERED_POSTS_KEPT are kept.
 */
export function renderedPost(text: string): ReactElement {
  let tree = renderedPosts.get(text);
  if (!tree) {
    tree = ReactMarkdown({
      allowedElements: [...ALLOWED_ELEMENTS],
      unwrapDisallowed: true,
      rehypePlugins: [[rehypeSanitize, SANITIZE_SCHEMA]],
      components,
      children: text,
    });
    if (renderedPosts.size >= RENDERED_POSTS_KEPT) renderedPosts.delete(renderedPosts.keys().next().value!);
    renderedPosts.set(text, tree);
  }
  return tree;
}

/**
 * `kind`: a member's post (the default), or a document with headings such as the terms of use.
 * `pseudo`: a document shown in the pseudo-locale.
 */
export function Markdown({
  text,
  kind = "post",
  pseudo = false,
}: {
  text: string;
  kind?: "post" | "document";
  pseudo?: boolean;
}) {
  const isDocument = kind === "document";
  if (!isDocument && !pseudo)
    return (
      <div className="post-body" dir="auto">
        {renderedPost(text)}
      </div>
    );
  return (
    <div className={isDocument ? "post-body legal-text" : "post-body"} dir={isDocument ? undefined : "auto"}>
      <ReactMarkdown
        allowedElements={isDocument ? DOCUMENT_ELEMENTS : [...ALLOWED_ELEMENTS]}
        unwrapDisallowed
        rehypePlugins={[
          [rehypeSanitize, isDocument ? DOCUMENT_SCHEMA : SANITIZE_SCHEMA],
          ...(pseudo ? [pseudoLocalised] : []),
        ]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

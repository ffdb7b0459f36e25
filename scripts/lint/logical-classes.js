/**
 * ESLint rule `local/logical-classes`: app/ writes sides as start and end, never left and right, so
 * the whole layout mirrors when <html dir="rtl"> (Arabic; issue 30, decision 050). It refuses
 *
 * - a physical Tailwind class in any string of the file (className strings, the strings of a
 *   conditional class, a constant holding classes): `pl-2`, `sm:-mr-1`, `left-0`, `text-right`,
 *   `border-l-4`, `rounded-tr-lg`, `float-left`, `scroll-ml-2`, `space-x-2` (unless the same string
 *   reverses it under `rtl:`), naming the logical class to write instead;
 * - a physical side in an inline style: `marginLeft`, `paddingRight`, `borderLeft…`, `textAlign:
 *   "left"` anywhere, and `left` / `right` inside a JSX `style={{…}}`.
 *
 * A class under the `ltr:` or `rtl:` variant is a deliberate per-direction choice and passes. A side
 * that truly is physical (a video's corner that must not move, say) says so where it is written:
 *   // eslint-disable-next-line local/logical-classes -- physical: <why>
 *
 * The same matchers check app/'s CSS files (tests/lint/logical-classes.test.ts): ESLint reads no CSS.
 */

const SPACE = String.raw`(?:\d+(?:\.\d+)?|px|auto|full|\d+/\d+|\[[^\]\s]+\])`;
const COLOUR_OR_WIDTH = String.raw`(?:-(?:\d+|\[[^\]\s]+\]|[a-z]+(?:-\d+)?(?:/\d+)?))?`;
const ROUNDED = String.raw`(?:-(?:none|sm|md|lg|xl|2xl|3xl|full|\[[^\]\s]+\]))?`;

/** [physical utility (without variants, "-" sign or "!"), its logical spelling]. */
const PHYSICAL = [
  [new RegExp(`^m([lr])-(${SPACE})$`), (m) => `m${m[1] === "l" ? "s" : "e"}-${m[2]}`],
  [new RegExp(`^p([lr])-(${SPACE})$`), (m) => `p${m[1] === "l" ? "s" : "e"}-${m[2]}`],
  [new RegExp(`^(left|right)-(${SPACE})$`), (m) => `${m[1] === "left" ? "start" : "end"}-${m[2]}`],
  [/^text-(left|right)$/, (m) => `text-${m[1] === "left" ? "start" : "end"}`],
  [new RegExp(`^border-([lr])(${COLOUR_OR_WIDTH})$`), (m) => `border-${m[1] === "l" ? "s" : "e"}${m[2]}`],
  [new RegExp(`^rounded-([lr])(${ROUNDED})$`), (m) => `rounded-${m[1] === "l" ? "s" : "e"}${m[2]}`],
  [
    new RegExp(`^rounded-([tb])([lr])(${ROUNDED})$`),
    (m) => `rounded-${m[1] === "t" ? "s" : "e"}${m[2] === "l" ? "s" : "e"}${m[3]}`,
  ],
  [/^(float|clear)-(left|right)$/, (m) => `${m[1]}-${m[2] === "left" ? "start" : "end"}`],
  [new RegExp(`^scroll-([mp])([lr])-(${SPACE})$`), (m) => `scroll-${m[1]}${m[2] === "l" ? "s" : "e"}-${m[3]}`],
];

/** Utilities that set one physical side between children; they mirror only with their -reverse under rtl:. */
const BETWEEN = /^(space-x|divide-x)(?:-\S+)?$/;

/** The class's variants ("sm:", "rtl:", "group-hover:") and its utility, without "!" and a "-" sign. */
function split(token) {
  const parts = token.split(/:(?![^[]*\])/);
  const utility = parts.pop().replace(/^!/, "").replace(/^-/, "");
  return { variants: parts, utility };
}

/**
 * The physical classes in a string of classes, each with what to write instead. A string that is
 * not a class list (prose, a URL) rarely holds a token of this exact shape.
 */
export function physicalClasses(text) {
  const found = [];
  const tokens = text.split(/\s+/).filter(Boolean);
  for (const token of tokens) {
    const { variants, utility } = split(token);
    if (variants.includes("rtl") || variants.includes("ltr")) continue;
    for (const [pattern, logical] of PHYSICAL) {
      const m = utility.match(pattern);
      if (m) {
        const suggestion = token.slice(0, token.length - utility.length) + logical(m);
        found.push({ token, suggestion: `\`${suggestion}\`` });
        break;
      }
    }
    const between = utility.match(BETWEEN);
    if (between && !tokens.some((t) => t === `rtl:${between[1]}-reverse`)) {
      found.push({
        token,
        suggestion:
          between[1] === "space-x"
            ? `\`gap-*\` on the flex or grid container (or add \`rtl:space-x-reverse\`)`
            : "`rtl:divide-x-reverse` beside it",
      });
    }
  }
  return found;
}

/** Inline-style keys that name a physical side, with their logical spelling. */
const STYLE_KEYS = {
  marginLeft: "marginInlineStart",
  marginRight: "marginInlineEnd",
  paddingLeft: "paddingInlineStart",
  paddingRight: "paddingInlineEnd",
  borderLeft: "borderInlineStart",
  borderRight: "borderInlineEnd",
  borderLeftWidth: "borderInlineStartWidth",
  borderRightWidth: "borderInlineEndWidth",
  borderLeftColor: "borderInlineStartColor",
  borderRightColor: "borderInlineEndColor",
  borderTopLeftRadius: "borderStartStartRadius",
  borderTopRightRadius: "borderStartEndRadius",
  borderBottomLeftRadius: "borderEndStartRadius",
  borderBottomRightRadius: "borderEndEndRadius",
};
/** Keys that are a side only inside a style object (a `left` flag elsewhere is not a side). */
const STYLE_ONLY_KEYS = { left: "insetInlineStart", right: "insetInlineEnd" };

/**
 * Physical declarations in a CSS text (app/'s stylesheets, @apply lines included), with what to
 * write instead: `margin-left` → `margin-inline-start`, `@apply pl-5` → `ps-5`, …
 */
export function physicalCss(css) {
  const found = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const properties = {
    "margin-left": "margin-inline-start",
    "margin-right": "margin-inline-end",
    "padding-left": "padding-inline-start",
    "padding-right": "padding-inline-end",
    "border-left": "border-inline-start",
    "border-right": "border-inline-end",
    left: "inset-inline-start",
    right: "inset-inline-end",
  };
  for (const match of withoutComments.matchAll(/(^|[;{\s])([a-z-]+)\s*:\s*([^;}]*)/g)) {
    const [, , property, value] = match;
    const base = property.replace(/-(width|color|style)$/, "");
    if (properties[base]) found.push({ token: property, suggestion: `\`${properties[base]}\`` });
    else if (/^(text-align|float|clear)$/.test(property) && /^(left|right)\b/.test(value.trim()))
      found.push({
        token: `${property}: ${value.trim()}`,
        suggestion: `\`${property}: ${value.trim().startsWith("left") ? "start" : "end"}\``,
      });
  }
  for (const match of withoutComments.matchAll(/@apply\s+([^;]*);/g)) found.push(...physicalClasses(match[1]));
  return found;
}

function message(token, suggestion) {
  return `Physical side \`${token}\`: write ${suggestion} so the layout mirrors in right-to-left languages (decision 050). A side that truly is physical: // eslint-disable-next-line local/logical-classes -- physical: <why>.`;
}

function insideJsxStyle(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === "JSXAttribute") return p.name?.name === "style";
    if (p.type === "Program") return false;
  }
  return false;
}

function keyName(property) {
  if (property.computed) return null;
  if (property.key.type === "Identifier") return property.key.name;
  if (property.key.type === "Literal" && typeof property.key.value === "string") return property.key.value;
  return null;
}

export const logicalClasses = {
  meta: {
    type: "problem",
    docs: { description: "Write sides as start and end (logical classes and styles), so the layout mirrors in RTL." },
    schema: [],
  },
  create(context) {
    function checkText(node, text) {
      for (const { token, suggestion } of physicalClasses(text))
        context.report({ node, message: message(token, suggestion) });
    }
    return {
      Literal(node) {
        if (typeof node.value === "string" && node.parent?.type !== "ImportDeclaration") checkText(node, node.value);
      },
      TemplateElement(node) {
        checkText(node, node.value.cooked ?? node.value.raw);
      },
      Property(node) {
        const key = keyName(node);
        if (!key) return;
        const logical = STYLE_KEYS[key] ?? (insideJsxStyle(node) ? STYLE_ONLY_KEYS[key] : undefined);
        if (logical) context.report({ node: node.key, message: message(key, `\`${logical}\``) });
        let value = node.value;
        while (value.type === "TSAsExpression" || value.type === "TSSatisfiesExpression") value = value.expression;
        if (key === "textAlign" && value.type === "Literal" && /^(left|right)$/.test(String(value.value))) {
          const side = value.value === "left" ? "start" : "end";
          context.report({
            node: value,
            message: message(`textAlign: "${value.value}"`, `\`textAlign: "${side}"\``),
          });
        }
      },
    };
  },
};

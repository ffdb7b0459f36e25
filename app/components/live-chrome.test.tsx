import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { LiveChrome } from "./live-chrome";
import { renderIn } from "../../tests/support/render-in";

// Counts the translation hooks the chrome asks for in one render.
const translations = vi.hoisted(() => ({ hooks: 0 }));
vi.mock("react-i18next", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-i18next")>();
  return {
    ...actual,
    useTranslation: (...args: Parameters<typeof actual.useTranslation>) => {
      translations.hooks++;
      return actual.useTranslation(...args);
    },
  };
});
// The language hook asks the data router to load the page again; a static router has none.
vi.mock("@remix-run/react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@remix-run/react")>()),
  useRevalidator: () => ({ revalidate: () => {}, state: "idle" }),
}));

function drawChrome(language: string, chatUnread = 2) {
  return renderIn(
    language,
    <StaticRouter location="/dashboard">
      <LiveChrome
        user={{ displayName: "Ana Ruiz", avatar: "/default-avatar.png" }}
        snapshot={{
          wallet: { balance: 1250 },
          unreadNotifications: 12,
          chatUnread: { count: chatUnread },
        }}
        payments={{ priceIds: null, testMode: false }}
      >
        <p>page</p>
      </LiveChrome>
    </StaticRouter>,
  );
}

describe("the signed-in chrome's live feeds (issue 28, decision 156)", () => {
  it("draws the header's feeds from the loader's snapshot in the reader's language", () => {
    const english = drawChrome("en");
    expect(english).toMatch(/data-testid="wallet-balance"[^>]*>1,250 SP</);
    expect(english).toMatch(/data-testid="bell-badge"[^>]*>9\+</);
    // One navigation for both widths (decision 175): one dot.
    expect(english.match(/data-testid="chat-dot"/g)).toHaveLength(1);
    expect(drawChrome("es")).toMatch(/data-testid="wallet-balance"[^>]*>1250 SP</);
  });

  it("reads the language for its live feeds without a translation hook each", () => {
    translations.hooks = 0;
    drawChrome("en");
    // The header, its wallet button (and its number format), the profile menu, the navigation and
    // the closed top-up dialog (and its number format) each ask once; the feeds not at all.
    expect(translations.hooks).toBe(7);
  });

  it("draws one navigation for both widths, after the header and before the page's content (decision 175)", () => {
    const html = drawChrome("en");
    expect(html.match(/<nav /g)).toHaveLength(1);
    const [header, nav, main] = ["<header ", '<nav aria-label="Main"', "<main "].map((tag) => html.indexOf(tag));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(nav).toBeGreaterThan(header);
    expect(main).toBeGreaterThan(nav);
  });

  it("draws the shell in 44 elements, 43 with no chat unread (decision 175; 66 and 64 before it, 93 and 91 before 166)", () => {
    // Start tags of the chrome alone: the page's own <p> is left out.
    const elements = (html: string) => (html.match(/<[a-z]/g) ?? []).length - 1;
    expect(elements(drawChrome("en"))).toBe(44);
    expect(elements(drawChrome("en", 0))).toBe(43);
  });
});

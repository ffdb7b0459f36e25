import { StaticRouter } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransactionPayload } from "~/engine/live/feeds";
import { WalletDropdown } from "./wallet-dropdown";
import { renderIn } from "../../../tests/support/render-in";

// What the live transactions feed has said so far (undefined: nothing yet), and the panel drawn open:
// a server render cannot click the button.
const live = vi.hoisted(() => ({ latest: undefined as unknown, feeds: [] as string[] }));
vi.mock("../live/use-live-feed", () => ({
  useLiveFeedValue: (feed: string, initial: unknown) => {
    live.feeds.push(feed);
    return live.latest === undefined ? initial : live.latest;
  },
}));
vi.mock("../use-popup", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../use-popup")>();
  return { usePopup: () => ({ ...actual.usePopup(), open: true }) };
});

function drawOpen(latest: TransactionPayload[] | undefined, language = "en") {
  live.latest = latest;
  return renderIn(
    language,
    <StaticRouter location="/dashboard">
      <WalletDropdown balance={200} onTopUp={() => {}} />
    </StaticRouter>,
  );
}

const welcome: TransactionPayload = {
  id: "welcome_bonus",
  amount: 200,
  type: "welcome_bonus",
  description: "Welcome bonus",
  label: "welcomeBonus",
  params: {},
  timestamp: Date.now() - 60_000,
};

describe("the wallet menu's latest entries, from the live feed only (decision 169)", () => {
  afterEach(() => {
    live.feeds = [];
  });

  it("says Loading… until the stream has sent them, not that there is no activity", () => {
    const html = drawOpen(undefined);
    expect(live.feeds).toEqual(["transactions"]);
    expect(html).toMatch(/role="status"[^>]*>Loading…</);
    expect(html).not.toContain("No recent activity");
    expect(html).not.toContain('data-testid="wallet-transactions"');
  });

  it("says No recent activity when the stream sent none (SPEC.md §2)", () => {
    const html = drawOpen([]);
    expect(html).toContain("No recent activity");
    expect(html).not.toContain("Loading…");
  });

  it("lists what the stream sent, in the reader's language", () => {
    const html = drawOpen([welcome, { ...welcome, id: "t2", amount: -30, type: "hold" }]);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain("+200 SP");
    expect(html).not.toContain("Loading…");
    expect(drawOpen(undefined, "es")).toContain("Cargando…");
  });
});

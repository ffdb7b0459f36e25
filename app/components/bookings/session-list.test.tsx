import * as ReactI18next from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import type { SessionSummary } from "~/features/bookings/views.server";
import { SessionList } from "./session-list";
import { renderIn } from "../../../tests/support/render-in";

// Counts the hook's calls while it still answers as it does.
vi.mock("react-i18next", async (original) =>
  (await import("../../../tests/support/render-stand-ins")).withCountedUseTranslation(
    await original<typeof import("react-i18next")>(),
  ),
);
vi.mock("@remix-run/react", async () => ({
  Link: (await import("../../../tests/support/render-stand-ins")).PlainLink,
}));

const START = Date.UTC(2026, 11, 1, 10, 0);
const STATES: SessionSummary["state"][] = ["accepted", "accepted", "requested", "declined", "completed"];
// Five sessions a day apart, as the bench member's upcoming list holds five.
const sessions: SessionSummary[] = STATES.map((state, i) => ({
  id: `b${i}`,
  skillLabel: "Spanish",
  skillOwn: false,
  start: START + i * 86_400_000,
  end: START + i * 86_400_000 + 3_600_000,
  price: 20,
  state,
  role: "mentor",
  otherName: { text: `Ana ${i}`, own: true },
  waitingPayout: null,
}));

const list = (language: string) =>
  renderIn(language, <SessionList id="upcoming" title="Upcoming" sessions={sessions} timeZone="UTC" empty="None" />);

describe("the calendar's session lists (issue 28, decision 176)", () => {
  it("asks for its words once, not once more for its locale and once a row for its state", () => {
    const useTranslation = vi.mocked(ReactI18next.useTranslation);
    useTranslation.mockClear();
    const html = list("en");
    // Before: one for the list, one for its locale, then one a row's state badge: 7 for five rows.
    expect(useTranslation).toHaveBeenCalledTimes(1);
    expect(html.match(/<li /g)).toHaveLength(5);
    expect(html.match(/text-emerald-800">Accepted<\/span>/g)).toHaveLength(2);
    expect(html).toContain('text-amber-800">Requested</span>');
    expect(html).toContain('text-slate-500">Declined</span>');
    expect(html).toContain('text-slate-700">Completed</span>');
    expect(html).toContain(
      '<time dateTime="2026-12-01T10:00:00.000Z">Tue 1 Dec, 10:00<span class="whitespace-nowrap">–11:00</span></time>',
    );
  });

  it("names the states and writes the times in the reader's language", () => {
    const html = list("fr");
    expect(html).toContain(`>${i18nFor("fr").t("sessionStates.accepted")}</span>`);
    expect(html).not.toContain(">Accepted</span>");
    expect(html).toContain("20 SP");
  });
});

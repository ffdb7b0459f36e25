import * as ReactI18next from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type { UpcomingSession } from "~/features/bookings/views.server";
import { UpcomingSessionsWidget } from "./upcoming-sessions-widget";
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
const STATES: UpcomingSession["state"][] = ["accepted", "accepted", "accepted", "requested", "requested"];
// Five sessions a day apart, as the bench member's dashboard shows five.
const sessions = STATES.map((state, i) => ({
  id: `b${i}`,
  skillLabel: "Spanish",
  start: START + i * 86_400_000,
  state,
  role: "mentor",
  otherName: { text: `Ana ${i}`, own: true },
})) as UpcomingSession[];

const widget = (language: string) => renderIn(language, <UpcomingSessionsWidget sessions={sessions} timeZone="UTC" />);

describe("the dashboard's upcoming sessions (issue 28, decision 185)", () => {
  it("asks for its words and locale once, its rows' states included", () => {
    const useTranslation = vi.mocked(ReactI18next.useTranslation);
    useTranslation.mockClear();
    const html = widget("en");
    // Before: one for the widget, one for its locale, then one a row's state badge: 7 for five rows.
    expect(useTranslation).toHaveBeenCalledTimes(1);
    expect(html.match(/<li>/g)).toHaveLength(5);
    expect(html.match(/text-emerald-800">Accepted<\/span>/g)).toHaveLength(3);
    expect(html.match(/text-amber-800">Requested<\/span>/g)).toHaveLength(2);
    expect(html).toContain(
      '<time dateTime="2026-12-01T10:00:00.000Z" class="block text-xs text-slate-500">Tue, 1 Dec, 10:00</time>',
    );
  });

  it("names the states and writes the times in the reader's language", () => {
    const html = widget("es");
    expect(html).toContain(">Aceptada</span>");
    expect(html).toContain("mar, 1 dic, 10:00");
  });
});

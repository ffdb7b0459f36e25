import * as ReactI18next from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { ThreadList } from "./thread-list";
import { renderIn } from "../../../tests/support/render-in";

// Counts the hook's calls while it still answers as it does.
vi.mock("react-i18next", async (original) =>
  (await import("../../../tests/support/render-stand-ins")).withCountedUseTranslation(
    await original<typeof import("react-i18next")>(),
  ),
);
// The rows' links without a Remix app around them: the href is what a person follows.
vi.mock("@remix-run/react", async () => ({
  Link: (await import("../../../tests/support/render-stand-ins")).PlainLink,
}));

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const spaces = [
  { id: "general", name: "General" },
  { id: "skill-knitting", name: "Knitting", skillTag: "knitting", own: true },
];
// A first page of 20 threads, every other one in the knitting space, each last active five minutes ago.
const threads = Array.from({ length: 20 }, (_, i) => ({
  id: `t${i}`,
  title: `Question ${i}`,
  spaceId: spaces[i % 2].id,
  author: { uid: `m${i}`, name: { text: `Ana ${i}`, own: true }, avatar: "/avatars/a.png" },
  replyCount: 2,
  reactionCount: 0,
  lastActivityAt: NOW - 5 * 60_000,
  answered: false,
  seen: true,
  unread: 0,
}));

const list = (language: string) => renderIn(language, <ThreadList threads={threads} spaces={spaces} now={NOW} />);

describe("/community's list of threads (issue 28, decision 153)", () => {
  it("asks for its words once, not once for each row's space and time", () => {
    const useTranslation = vi.mocked(ReactI18next.useTranslation);
    useTranslation.mockClear();
    const html = list("en");
    // Before: one for the list, then a space name and a time a row, 41 for twenty rows.
    expect(useTranslation).toHaveBeenCalledTimes(1);
    expect(html.match(/data-testid="thread-row"/g)).toHaveLength(20);
    expect(html.match(/ · General · 2 replies · 0 reactions · active <time /g)).toHaveLength(10);
    expect(html.match(/ · <bdi translate="no">Knitting<\/bdi> · 2 replies/g)).toHaveLength(10);
    expect(html).toContain(
      '<time dateTime="2026-11-28T11:55:00.000Z" title="28 Nov 2026, 11:55 UTC">5 minutes ago</time>',
    );
  });

  it("names the spaces and times in the reader's language", () => {
    const html = list("fr");
    expect(html).toContain(" · Général · 2 réponses");
    expect(html).toContain("il y a 5 minutes</time>");
    expect(html).not.toContain("5 minutes ago");
  });
});

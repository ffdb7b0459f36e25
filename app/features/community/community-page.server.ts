/** What /community shows for its query string: spaces, and a page of threads or of search results. */
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { ForumError } from "./errors";
import {
  listShownSpaces,
  listThreads,
  searchForum,
  spacesOf,
  type SearchResult,
  type ThreadSummary,
} from "./read.server";
import { isSort, type ThreadSort } from "./rules";
import { namedSpace } from "./space-names.server";
import type { Space } from "./spaces";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { forumErrorText } from "./errors";

/**
 * `?spaces=all` lists every skill space in use; otherwise the member's own, the fixed ones, the
 * most active others and the one being read (decision 147). `language`: the reader's. A skill space
 * of the built-in taxonomy is named in it ("Piano" reads "البيانو"); a space of a member's own tag
 * keeps the tag as written (`own`).
 */
export async function loadCommunityPage(store: DocStore, user: CurrentUser, params: URLSearchParams, language: string) {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const rawSort = params.get("sort") ?? "latest";
  const sort: ThreadSort = isSort(rawSort) ? rawSort : "latest";
  const spaceId = params.get("space") || null;
  const after = params.get("after") || null;
  const page = Math.min(50, Math.max(0, Math.floor(Number(params.get("page") ?? 0)) || 0));
  const all = params.get("spaces") === "all";
  try {
    const shown = await listShownSpaces(store, user.profile, { current: spaceId, all });
    if (spaceId && !shown.spaces.some((s) => s.id === spaceId))
      throw new ForumError(404, "This space does not exist.", "spaceNotFound");
    // What the page draws of a space: its link, name and count.
    const spaces = shown.spaces.map((s) => ({ ...drawn(s, language), threadCount: s.threadCount }));
    let threads: ThreadSummary[] = [];
    let next: string | null = null;
    let results: SearchResult[] = [];
    let more = false;
    if (q) ({ results, more } = await searchForum(store, q, page, language));
    else ({ threads, next } = await listThreads(store, user.uid, { sort, spaceId, cursor: after }, language));
    // Each row names its space, listed or not.
    const rowSpaces = (
      await spacesOf(
        store,
        threads.map((t) => t.spaceId),
      )
    ).map((s) => drawn(s, language));
    return {
      q,
      sort,
      spaceId,
      after,
      page,
      spaces,
      hiddenSpaces: shown.hidden,
      rowSpaces,
      threads,
      next,
      results,
      more,
      now: Date.now(),
    };
  } catch (error) {
    if (error instanceof ForumError)
      throw new Response(forumErrorText(error, fixedT(language, "community"), intlLocale(language)), {
        status: error.status,
      });
    throw error;
  }
}

/** A space as a link or a row names it: a skill space by its skill in the reader's `language`. */
function drawn(space: Space, language: string) {
  const { id, name, own } = namedSpace(space, language);
  return { id, name, own };
}

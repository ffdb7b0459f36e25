/** What /community shows for its query string: spaces, and a page of threads or of search results. */
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { ForumError } from "./errors";
import { listSpaces, listThreads, searchForum, type SearchResult, type ThreadSummary } from "./read.server";
import { isSort, type ThreadSort } from "./rules";
import { namedSpace } from "./space-names.server";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { forumErrorText } from "./errors";

/**
 * `language`: the reader's. A skill space of the built-in taxonomy is named in it ("Piano" reads
 * "البيانو"); a space of a member's own tag keeps the tag as written (`own`).
 */
export async function loadCommunityPage(store: DocStore, user: CurrentUser, params: URLSearchParams, language: string) {
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const rawSort = params.get("sort") ?? "latest";
  const sort: ThreadSort = isSort(rawSort) ? rawSort : "latest";
  const spaceId = params.get("space") || null;
  const after = params.get("after") || null;
  const page = Math.min(50, Math.max(0, Math.floor(Number(params.get("page") ?? 0)) || 0));
  try {
    const spaces = (await listSpaces(store, user.profile)).map((s) => namedSpace(s, language));
    if (spaceId && !spaces.some((s) => s.id === spaceId))
      throw new ForumError(404, "This space does not exist.", "spaceNotFound");
    let threads: ThreadSummary[] = [];
    let next: string | null = null;
    let results: SearchResult[] = [];
    let more = false;
    if (q) ({ results, more } = await searchForum(store, q, page, language));
    else ({ threads, next } = await listThreads(store, user.uid, { sort, spaceId, cursor: after }, language));
    return { q, sort, spaceId, after, page, spaces, threads, next, results, more, now: Date.now() };
  } catch (error) {
    if (error instanceof ForumError)
      throw new Response(forumErrorText(error, fixedT(language, "community"), intlLocale(language)), {
        status: error.status,
      });
    throw error;
  }
}

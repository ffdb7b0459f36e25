/**
 * The dashboard's "On the board for you" (issue 29, part B): the three open posts that fit the
 * member best, by the board's own fit ranking (h5's rankByFit through listBoard's "matches me",
 * best fit first), never the member's own.
 */
import type { UserProfile } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { listBoard, viewerOf, type BoardCard } from "./read.server";

export const DASHBOARD_POSTS = 3;

export async function bestFittingPosts(
  store: DocStore,
  uid: string,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
  language: string,
  now = Date.now(),
): Promise<BoardCard[]> {
  const viewer = viewerOf(uid, profile, language);
  if (viewer.teaches.length === 0 && viewer.wants.length === 0) return [];
  const page = await listBoard(
    store,
    viewer,
    { type: null, skill: null, format: null, price: null, mine: true, q: "", sort: "fit" },
    { cursor: null, page: 0 },
    now,
  );
  return page.posts.filter((p) => !p.mine).slice(0, DASHBOARD_POSTS);
}

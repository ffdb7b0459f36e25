/**
 * The dashboard's "On the board for you" (issue 29, part B): the three open posts that fit the
 * member best, by the board's own fit ranking (h5's rankByFit over "matches me", best fit first),
 * never the member's own.
 */
import type { UserProfile } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import type { ShownName } from "~/features/members/member";
import { bestFitCards, viewerOf, type BoardCard } from "./read.server";
import { withSkillNames, type NamedPrice } from "./skill-names.server";

export const DASHBOARD_POSTS = 3;

/**
 * A post as the widget draws it, its skills named for the reader (withSkillNames), and nothing
 * more: the loader's data is serialised into every dashboard (issue 28, decision 128).
 */
export interface DashboardPost {
  id: string;
  type: BoardCard["type"];
  skillLabel: string;
  skillOwn: boolean;
  title: string;
  poster: { name: ShownName };
  price: Pick<NamedPrice, "kind" | "sp" | "swapSkillLabel">;
}

export async function bestFittingPosts(
  store: DocStore,
  uid: string,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
  language: string,
  now = Date.now(),
): Promise<DashboardPost[]> {
  const viewer = viewerOf(uid, profile, language);
  const shown = await bestFitCards(store, viewer, DASHBOARD_POSTS, now);
  return withSkillNames(shown, language).map(({ id, type, skillLabel, skillOwn, title, poster, price }) => ({
    id,
    type,
    skillLabel,
    skillOwn,
    title,
    poster: { name: poster.name },
    price: { kind: price.kind, sp: price.sp, swapSkillLabel: price.swapSkillLabel },
  }));
}

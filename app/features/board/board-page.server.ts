/** What /board shows for its query string: the filters, a page of posts, and how to page on. */
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { BoardError } from "./errors.server";
import { listBoard, viewerOf } from "./read.server";
import { withSkillNames } from "./skill-names.server";
import { readFilters } from "./rules";

/** `language`: the member's, for a refusal (a page link that is not valid). */
export async function loadBoardPage(store: DocStore, user: CurrentUser, params: URLSearchParams, language: string) {
  const filters = readFilters(params);
  const after = params.get("after") || null;
  const page = Math.min(50, Math.max(0, Math.floor(Number(params.get("page") ?? 0)) || 0));
  const viewer = viewerOf(user.uid, user.profile, language);
  const now = Date.now();
  try {
    const result = await listBoard(store, viewer, filters, { cursor: after, page }, now);
    const skills = [...user.profile.skillsOffered, ...user.profile.skillsWanted].map((s) => ({
      tag: s.tag,
      label: s.label,
    }));
    const posts = withSkillNames(result.posts, language);
    return { filters, after, page, ...result, posts, now, skills, hasSkills: skills.length > 0 };
  } catch (error) {
    if (error instanceof BoardError) throw new Response(error.textIn(language), { status: error.status });
    throw error;
  }
}

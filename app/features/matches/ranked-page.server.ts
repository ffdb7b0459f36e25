/**
 * One page of a member's matches ranked at a moment: their kept candidates (`candidates.server.ts`)
 * with the presence of those online or seen within the ranking's recent window, read on every
 * request since it changes every minute; older activity lifts nobody.
 */
import type { DocStore } from "~/engine/store/types";
import { readStatus, STATUS, type StatusDoc } from "~/documents/status";
import type { UserProfile } from "~/documents/users";
import { rankedPage, RECENT_WINDOW_MS, type RankedMatch } from "./rank";
import { rankedCandidates } from "./candidates.server";

/** What ranks and cuts a page: the filters with the skill already a tag, so no reader's language is needed. */
export interface RankFilters {
  skillTag?: string;
  onlineOnly?: boolean;
  page?: number;
  /** Cards per page; the dashboard widget asks for only the few it shows. */
  pageSize?: number;
}

/**
 * Who is online now or was seen within the ranking's recent window, whatever the community's size,
 * as the documents stand (parsed by `presentCandidates`).
 */
async function recentStatusDocs(store: DocStore, now: number) {
  const [online, recent] = await Promise.all([
    store.query({ collection: STATUS, where: [["state", "==", "online"]] }),
    store.query({ collection: STATUS, where: [["last_changed", ">=", now - RECENT_WINDOW_MS]] }),
  ]);
  return [...recent, ...online];
}

/**
 * The statuses of the candidates among `docs` (`recentStatusDocs`): only theirs are parsed, since
 * nobody else is ranked (bench:matches' 10,000 members: about 2,600 present, a few hundred of
 * them a viewer's candidates; decision 135).
 */
function presentCandidates(
  docs: readonly { id: string; data: Record<string, unknown> }[],
  byUid: ReadonlyMap<string, RankedMatch>,
  now: number,
): Map<string, StatusDoc> {
  return new Map(docs.filter((d) => byUid.has(d.id)).map((d) => [d.id, readStatus(d.data, now)]));
}

/** Whose matches: the member and their profile as the request already holds it (the session's). */
export interface Viewer {
  uid: string;
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted"> | null;
}

/** One page of the member's matches, ranked at `now`, with what it was ranked from. */
export async function rankedMatchesPage(store: DocStore, { uid, profile }: Viewer, filters: RankFilters, now: number) {
  const offered = profile?.skillsOffered ?? [];
  const wanted = profile?.skillsWanted ?? [];
  const skill = filters.skillTag ?? "";
  const [{ absent, byUid, profiles }, recentDocs] = await Promise.all([
    rankedCandidates(store, uid, offered, wanted, skill),
    recentStatusDocs(store, now),
  ]);
  const recent = presentCandidates(recentDocs, byUid, now);
  const seen = new Map(
    [...recent].map(([id, s]) => [id, { online: s.state === "online", lastActive: s.last_changed }]),
  );
  const ranked = rankedPage(absent, byUid, seen, now, {
    page: filters.page,
    size: filters.pageSize,
    onlineOnly: filters.onlineOnly,
  });
  return { ...ranked, offered, wanted, byUid, profiles, recent };
}

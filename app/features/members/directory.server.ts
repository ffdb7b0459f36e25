/**
 * Gathers the member directory from the store: named, visible members with their rates, rating
 * and presence. Three collection reads (users, teaching, online status); the pure rules in
 * directory.ts do the rest. Bounded by DIRECTORY_SCAN members, newest first (decision 020).
 */
import type { DocStore } from "~/engine/store/types";
import { readTeaching } from "~/features/bookings/availability";
import { isHiddenMember, publicMember } from "./member";
import type { DirectoryEntry } from "./directory";

export const DIRECTORY_SCAN = 2_000;

export async function loadDirectory(store: DocStore, viewerUid: string): Promise<DirectoryEntry[]> {
  const [users, teaching, online] = await Promise.all([
    store.query({ collection: "users", orderBy: [["createdAt", "desc"]], limit: DIRECTORY_SCAN }),
    store.query({ collection: "teaching", limit: DIRECTORY_SCAN * 2 }),
    store.query({ collection: "status", where: [["state", "==", "online"]], limit: DIRECTORY_SCAN * 2 }),
  ]);
  const rates = new Map(teaching.map((d) => [d.id, readTeaching(d.data).rates]));
  const onlineNow = new Set(online.map((d) => d.id));
  const entries: DirectoryEntry[] = [];
  for (const doc of users) {
    if (
      doc.id === viewerUid ||
      isHiddenMember(doc.data) ||
      typeof doc.data.fullName !== "string" ||
      !doc.data.fullName.trim()
    )
      continue;
    const member = publicMember(doc.id, doc.data);
    entries.push({
      uid: doc.id,
      fullName: member.fullName,
      avatar: member.avatar,
      bio: member.bio,
      languages: member.languages,
      skillsOffered: member.skillsOffered,
      skillsWanted: member.skillsWanted,
      rates: rates.get(doc.id) ?? {},
      rating: member.rating,
      online: onlineNow.has(doc.id),
      createdAt: typeof doc.data.createdAt === "number" ? doc.data.createdAt : 0,
    });
  }
  return entries;
}

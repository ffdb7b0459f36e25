/**
 * Gathers the member directory from the store: named, visible members with their rates, rating
 * and presence. Three collection reads (users, teaching, online status); the pure rules in
 * directory.ts do the rest. Bounded by DIRECTORY_SCAN members, newest first (decision 020).
 */
import type { DocStore } from "~/engine/store/types";
import { readTeaching, TEACHING } from "~/documents/bookings";
import { readStatus, STATUS } from "~/documents/status";
import { readUser, USERS } from "~/documents/users";
import { isListedMember, publicMember } from "./member";
import type { DirectoryEntry } from "./directory";

export const DIRECTORY_SCAN = 2_000;

export async function loadDirectory(store: DocStore, viewerUid: string): Promise<DirectoryEntry[]> {
  const [users, teaching, online] = await Promise.all([
    store.query({ collection: USERS, orderBy: [["createdAt", "desc"]], limit: DIRECTORY_SCAN }),
    store.query({ collection: TEACHING, limit: DIRECTORY_SCAN * 2 }),
    store.query({ collection: STATUS, where: [["state", "==", "online"]], limit: DIRECTORY_SCAN * 2 }),
  ]);
  const rates = new Map(teaching.map((d) => [d.id, readTeaching(d.data).rates]));
  // A lease that ran out (a closed tab on Firebase) still says "online" in the document.
  const now = Date.now();
  const onlineNow = new Set(online.filter((d) => readStatus(d.data, now).state === "online").map((d) => d.id));
  const entries: DirectoryEntry[] = [];
  for (const doc of users) {
    const profile = readUser(doc.data);
    if (doc.id === viewerUid || !isListedMember(profile)) continue;
    const member = publicMember(doc.id, profile);
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
      createdAt: profile.createdAt,
    });
  }
  return entries;
}

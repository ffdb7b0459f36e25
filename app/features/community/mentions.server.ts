/**
 * Names for the @mention autocomplete: members whose name starts with what was typed. Names are
 * stored as typed, so the prefix is looked up as typed and with a capital first letter (how
 * nearly every name starts); a name that starts in lower case is found when typed that way.
 */
import type { DocStore } from "~/engine/store/types";
import { readUser, USERS } from "~/documents/users";
import { listedMember } from "~/features/members/member";

export const MENTION_SUGGESTIONS = 8;

export async function mentionCandidates(
  store: DocStore,
  typed: string,
  me: string,
): Promise<{ uid: string; fullName: string; avatar: string }[]> {
  if (!typed) return [];
  const forms = [...new Set([typed, typed[0].toUpperCase() + typed.slice(1)])];
  const results = await Promise.all(
    forms.map((prefix) =>
      store.query({
        collection: USERS,
        where: [
          ["fullName", ">=", prefix],
          ["fullName", "<", `${prefix}\uf8ff`],
        ],
        orderBy: [["fullName", "asc"]],
        limit: MENTION_SUGGESTIONS + 1,
      }),
    ),
  );
  const seen = new Set<string>([me]);
  const out: { uid: string; fullName: string; avatar: string }[] = [];
  for (const doc of results.flat()) {
    const m = seen.has(doc.id) ? null : listedMember(doc.id, readUser(doc.data));
    if (!m) continue;
    seen.add(doc.id);
    out.push({ uid: m.uid, fullName: m.name.text, avatar: m.avatar });
  }
  return out.sort((a, b) => a.fullName.localeCompare(b.fullName)).slice(0, MENTION_SUGGESTIONS);
}

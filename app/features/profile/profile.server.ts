import type { DocStore } from "~/engine/store/types";
import { getUser, userPath, type UserProfile } from "~/documents/users";
import { digestDueFields } from "~/features/digest/due.server";

type EditableFields = Partial<
  Pick<UserProfile, "fullName" | "bio" | "timezone" | "tourCompleted" | "welcomeBonusShown" | "language">
>;

/**
 * The only way routes change a profile; `ensureProfile` has created it before any route runs. A new
 * time zone moves the member's next digest (decision 157), so it is written with the profile read.
 */
export async function updateProfile(
  store: DocStore,
  uid: string,
  fields: EditableFields,
  now = Date.now(),
): Promise<void> {
  if (fields.timezone === undefined) return store.update(userPath(uid), fields);
  await store.transaction(async (tx) => {
    const before = await getUser(tx, uid);
    const due = before ? await digestDueFields(tx, uid, before, fields, now) : {};
    tx.update(userPath(uid), { ...fields, ...due });
  });
}

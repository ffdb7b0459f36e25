import type { DocStore } from "~/engine/store/types";
import { userPath, type UserProfile } from "~/documents/users";

type EditableFields = Partial<
  Pick<UserProfile, "fullName" | "bio" | "timezone" | "tourCompleted" | "welcomeBonusShown" | "language">
>;

/** The only way routes change a profile; `ensureProfile` has created it before any route runs. */
export async function updateProfile(store: DocStore, uid: string, fields: EditableFields): Promise<void> {
  await store.update(userPath(uid), fields);
}

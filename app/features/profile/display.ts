import { DEFAULT_AVATAR } from "~/documents/values";

export { DEFAULT_AVATAR };

interface NameSources {
  authDisplayName?: string | null;
  fullName?: string | null;
  email?: string | null;
}

function filled(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim().length > 0;
}

/** SPEC.md §3: auth display name, then profile fullName, then the email before the at-sign, then "Profile". */
export function displayNameOf({ authDisplayName, fullName, email }: NameSources): string {
  if (filled(authDisplayName)) return authDisplayName.trim();
  if (filled(fullName)) return fullName.trim();
  const local = email?.split("@")[0];
  if (filled(local)) return local;
  return "Profile";
}

/**
 * A picture the member chose on SkillSwap, then the sign-in account's photo, then the default.
 * (SPEC.md leaves the order open; an upload that never showed would look broken.)
 */
export function avatarOf({
  authPhotoURL,
  profilePicture,
}: {
  authPhotoURL?: string | null;
  profilePicture?: string | null;
}): string {
  if (filled(profilePicture) && profilePicture !== DEFAULT_AVATAR) return profilePicture;
  if (filled(authPhotoURL)) return authPhotoURL;
  return DEFAULT_AVATAR;
}

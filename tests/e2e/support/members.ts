/**
 * Members for the browser tests of the community and the board, in one line each: one who teaches
 * some skills with a quiet bell, one of standing (decision 028), and a page opened signed in as them.
 */
import { userPath } from "~/documents/users";
import { createLocalAuth } from "~/engine/auth/local.server";
import { saveAvailability } from "~/features/bookings/teaching.server";
import { markAllRead } from "~/features/notifications/notifications.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { createUser, openAs, type TestUser } from "./fixtures";
import { e2eStore } from "./store";
import type { Browser } from "./test";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
const DAY = 24 * 60 * 60_000;

/** A new member who teaches `teaches` (and wants `wants`), with the sign-up notices already read. */
export async function member(
  fullName: string,
  teaches: string[] = [],
  wants: string[] = [],
  profile: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await createUser({ fullName, profile });
  await setSkills(
    e2eStore(),
    user.uid,
    teaches.map((s) => toSkill(s, "expert")!),
    wants.map((s) => toSkill(s, "beginner")!),
  );
  await markAllRead(e2eStore(), user.uid);
  return user;
}

/** A member as `member` makes one, free every day from 06:00 to 22:00 UTC, so proposals have times to offer. */
export async function proposingMember(
  fullName: string,
  teaches: string[],
  wants: string[] = [],
  profile: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await member(fullName, teaches, wants, { timezone: "UTC", ...profile });
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "06:00", end: "22:00" }));
  await saveAvailability(e2eStore(), user.uid, { timezone: "UTC", weekly, exceptions: [] }, Date.now());
  return user;
}

/** A member of standing (decision 028): the account made two days ago, the e-mail verified through its link. */
export async function established(fullName: string): Promise<TestUser> {
  const user = await member(fullName);
  await e2eStore().update(userPath(user.uid), { createdAt: Date.now() - 2 * DAY });
  let link = "";
  const auth = createLocalAuth(e2eStore(), { mail: async (mail) => void (link = mail.link) });
  await auth.sendEmailVerification(user.uid, "http://localhost", "en");
  await auth.verifyEmail(new URL(link).searchParams.get("oobCode")!);
  return user;
}

/** A page signed in as `user` at `path`, on a desktop screen unless told otherwise. */
export const open = (browser: Browser, user: TestUser, baseURL: string, path: string, viewport = DESKTOP) =>
  openAs(browser, user, baseURL, { path, viewport });

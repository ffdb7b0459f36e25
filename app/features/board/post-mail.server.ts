/**
 * What the hour's "Board posts" mail says (post-alerts.server.ts queues it): the posts of the bell
 * notice it names that are still on the board, newest first. No mail when the member read the
 * notice before the hour was over (they saw the posts), or when every post has left the board.
 */
import { boardPostLink, getBoardPost } from "~/documents/board";
import { notificationPath } from "~/documents/notifications";
import type { DocStore } from "~/engine/store/types";
import { boardPostsMail, type MailWords, type RenderedMail } from "~/features/mail/templates";
import { skillNamer } from "~/features/skills/skill-names.server";
import { shownStatus } from "./expiry";

export async function composeBoardPostsMail(
  store: DocStore,
  job: { uid: string; ref: string },
  { recipientName, origin, words }: { recipientName: string; origin: string; words: MailWords },
  now: number,
): Promise<RenderedMail | string> {
  const notice = await store.get(notificationPath(job.uid, job.ref));
  if (!notice) return "The bell notice of these posts was removed before the mail left.";
  if (notice.data.read === true) return "The member saw these posts in the bell before the mail left.";
  const ids = Array.isArray(notice.data.postIds)
    ? notice.data.postIds.filter((id): id is string => typeof id === "string")
    : [];
  const posts = (await Promise.all(ids.map((id) => getBoardPost(store, id)))).filter(
    (p) => p !== null && shownStatus(p, now) === "active",
  );
  if (posts.length === 0) return "The posts left the board before the mail left.";
  // A taxonomy skill by its name in the recipient's language; a member's own tag as written.
  const skills = skillNamer(words.language);
  return boardPostsMail({
    recipientName,
    words,
    posts: posts.map((p) => ({
      type: p!.type,
      skillLabel: skills.name(p!.skillTag, p!.skillLabel),
      title: p!.title,
      url: `${origin}${boardPostLink(p!.id)}`,
    })),
    boardUrl: `${origin}/board?mine=1`,
    settingsUrl: `${origin}/settings`,
  });
}

/** What /progress shows: level, xp history, hours per skill, badges. */
import { getUser, readXpAward, xpAwardsOf } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { badgesFor } from "~/features/progress/badges";
import { levelFor } from "~/features/progress/levels";
import { reviewsReceived } from "~/features/reviews/reviews.server";
import { averageRating } from "~/features/reviews/types";
import { BOOKINGS, readBooking } from "~/documents/bookings";

export interface SkillHours {
  tag: string;
  label: string;
  taughtMinutes: number;
  learnedMinutes: number;
}

export async function loadProgress(store: DocStore, uid: string) {
  const [user, history, completed, reviews] = await Promise.all([
    getUser(store, uid),
    store.query({ collection: xpAwardsOf(uid), orderBy: [["at", "desc"]], limit: 50 }),
    store.query({
      collection: BOOKINGS,
      where: [
        ["participants", "array-contains", uid],
        ["state", "==", "completed"],
      ],
    }),
    reviewsReceived(store, uid, 20),
  ]);
  const xp = user?.xp ?? 0;
  const bySkill = new Map<string, SkillHours>();
  let taught = 0;
  let learned = 0;
  for (const b of completed.map(readBooking)) {
    const row = bySkill.get(b.skillTag) ?? {
      tag: b.skillTag,
      label: b.skillLabel,
      taughtMinutes: 0,
      learnedMinutes: 0,
    };
    if (b.mentorUid === uid) {
      row.taughtMinutes += b.durationMinutes;
      taught++;
    } else {
      row.learnedMinutes += b.durationMinutes;
      learned++;
    }
    bySkill.set(b.skillTag, row);
  }
  const skills = [...bySkill.values()].sort(
    (a, b) => b.taughtMinutes + b.learnedMinutes - (a.taughtMinutes + a.learnedMinutes),
  );
  const rating = user?.rating ?? { count: 0, sum: 0 };
  return {
    level: levelFor(xp),
    history: history.map((h) => {
      const { kind, amount, description, params, at, skillTag } = readXpAward(h.data);
      return { id: h.id, kind, amount, description, params, at, skillTag };
    }),
    skills,
    taught,
    learned,
    rating: { average: averageRating(rating), count: rating.count },
    badges: badgesFor({
      taught,
      learned,
      skillsTaught: skills.filter((s) => s.taughtMinutes > 0).length,
      recentRatings: reviews.map((r) => r.rating),
    }),
  };
}

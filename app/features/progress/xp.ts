/**
 * How xp is earned, as one pure rule (docs/decisions/010-xp-and-levels.md). Each award has a
 * deterministic event id, so a completion or review replayed any number of times awards once.
 */
import { tagKey } from "~/features/skills/tags";

export type XpKind = "teach" | "learn" | "first_teach" | "first_learn" | "review" | "answer";

/** What an award's line says besides its kind, for rendering it in the reader's language (decision 063). */
export type XpParams = { skill?: string; minutes?: number; stars?: number; title?: string };

export interface XpAward {
  /** The id of `users/{uid}/xp/{id}`: the award's idempotency key. */
  id: string;
  kind: XpKind;
  amount: number;
  /** The line in English, as documents before decision 063 held it (and the data export shows). */
  description: string;
  params: XpParams;
}

/** A bonus the first time a member teaches, or learns, a given skill. */
export const FIRST_OF_KIND_XP = 50;
/** Teaching earns 1 xp per minute, learning half that: teaching takes preparation. */
export const TEACH_XP_PER_MINUTE = 1;
export const LEARN_XP_PER_MINUTE = 0.5;
/** xp for a review received, by its stars (index 1–5): good reviews are worth much more. */
export const REVIEW_XP = [0, 0, 2, 6, 12, 20] as const;

export function sessionAwards(input: {
  bookingId: string;
  role: "mentor" | "learner";
  skillTag: string;
  skillLabel: string;
  durationMinutes: number;
  /** True when this member has no award of this role for this skill yet. */
  firstOfKind: boolean;
}): XpAward[] {
  const teaching = input.role === "mentor";
  const perMinute = teaching ? TEACH_XP_PER_MINUTE : LEARN_XP_PER_MINUTE;
  const awards: XpAward[] = [
    {
      id: `${teaching ? "teach" : "learn"}_${input.bookingId}`,
      kind: teaching ? "teach" : "learn",
      amount: Math.round(input.durationMinutes * perMinute),
      description: `${teaching ? "Taught" : "Learned"} ${input.skillLabel} for ${input.durationMinutes} minutes`,
      params: { skill: input.skillLabel, minutes: input.durationMinutes },
    },
  ];
  if (input.firstOfKind) awards.push(firstOfKindAward(input.role, input.skillTag, input.skillLabel));
  return awards;
}

export function firstOfKindAward(role: "mentor" | "learner", skillTag: string, skillLabel: string): XpAward {
  const kind = role === "mentor" ? "first_teach" : "first_learn";
  return {
    id: `${kind}_${tagKey(skillTag)}`,
    kind,
    amount: FIRST_OF_KIND_XP,
    description: `First session ${role === "mentor" ? "teaching" : "learning"} ${skillLabel}`,
    params: { skill: skillLabel },
  };
}

/** Null for reviews worth no xp (1 star): nothing to record. */
export function reviewAward(bookingId: string, reviewerUid: string, stars: number): XpAward | null {
  const amount = REVIEW_XP[stars] ?? 0;
  if (amount === 0) return null;
  return {
    id: `review_${bookingId}_${reviewerUid}`,
    kind: "review",
    amount,
    description: `Received a ${stars}-star review`,
    params: { stars },
  };
}

/** xp for the reply a thread's author marked as the answer: once per thread and answerer (decision 018). */
export const ANSWER_XP = 15;

export function answerAward(threadId: string, title: string): XpAward {
  const short = title.length > 60 ? `${title.slice(0, 59)}…` : title;
  return {
    id: `answer_${threadId}`,
    kind: "answer",
    amount: ANSWER_XP,
    description: `Answered “${short}” in the community`,
    params: { title: short },
  };
}

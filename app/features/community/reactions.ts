/** How each reaction kind shows (the kinds themselves are stored: app/documents/community.ts). Browser-safe. */
import type { ReactionKind } from "~/documents/community";

export const REACTION_EMOJI: Record<ReactionKind, string> = {
  thumbs_up: "👍",
  heart: "❤️",
  laugh: "😄",
  tada: "🎉",
  thinking: "🤔",
};

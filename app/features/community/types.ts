/** Forum documents as stored (paths in ./paths.ts). Browser-safe. */
export const REACTIONS = ["thumbs_up", "heart", "laugh", "tada", "thinking"] as const;
export type ReactionKind = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<ReactionKind, string> = {
  thumbs_up: "👍",
  heart: "❤️",
  laugh: "😄",
  tada: "🎉",
  thinking: "🤔",
};
export const REACTION_LABELS: Record<ReactionKind, string> = {
  thumbs_up: "Thumbs up",
  heart: "Love",
  laugh: "Funny",
  tada: "Celebrate",
  thinking: "Thinking",
};

export type ReactionCounts = Partial<Record<ReactionKind, number>>;

export type SpaceDoc = {
  name: string;
  description: string;
  /** Set for a space of one skill (its tag key); null for the fixed spaces. */
  skillTag: string | null;
  /** Fixed spaces come first in this order; skill spaces sort by name. */
  order: number;
  threadCount: number;
  createdAt: number;
};

export type ThreadDoc = {
  spaceId: string;
  title: string;
  authorUid: string;
  skillTag: string | null;
  createdAt: number;
  lastActivityAt: number;
  lastPosterUid: string;
  /** Replies, not counting the opening post; deleted replies still count (they still show). */
  replyCount: number;
  /** Reactions on all of the thread's posts. */
  reactionCount: number;
  answerPostId: string | null;
  /** Hidden while its opening post is hidden (three reports, or a reviewer). */
  hidden: boolean;
  /** The next post's position in the thread. */
  nextSeq: number;
  /** Sort keys: fixed-width, ending in the id, so that cursors on them are stable and unique. */
  activityKey: string;
  newestKey: string;
  topKey: string;
  /** "unanswered" sorts newest first among threads with no replies; "" otherwise. */
  unansweredKey: string;
};

export type PostDoc = {
  threadId: string;
  authorUid: string;
  /** Markdown as written; "" once deleted. */
  body: string;
  createdAt: number;
  editedAt: number | null;
  deleted: boolean;
  /** Position in the thread: 0 is the opening post. */
  seq: number;
  /** The post this one quotes, when it is a quote-reply. */
  quoteOf: string | null;
  reactions: ReactionCounts;
  mentions: string[];
  /** Hidden from members until a reviewer looks (three reports) or because a reviewer hid it. */
  hidden: boolean;
  /** Reports of it not yet reviewed, from different members. */
  openReports: number;
};

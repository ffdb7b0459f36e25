import { describe, expect, it } from "vitest";
import {
  followPath,
  postLink,
  postPath,
  reactionPath,
  readListEntry,
  readPath,
  readPost,
  readReaction,
  readSpace,
  readThread,
  readThreadRead,
  spacePath,
  threadListEntryPath,
  threadPath,
} from "./community";

describe("community/forum and the documents under it", () => {
  it("names its paths once", () => {
    expect(spacePath("general")).toBe("community/forum/spaces/general");
    expect(threadPath("t1")).toBe("community/forum/threads/t1");
    expect(postPath("t1", "p1")).toBe("community/forum/threads/t1/posts/p1");
    expect(reactionPath("t1", "p1", "ana", "heart")).toBe("community/forum/threads/t1/reactions/p1_ana_heart");
    expect(followPath("t1", "ana")).toBe("community/forum/threads/t1/follows/ana");
    expect(readPath("t1", "ana")).toBe("community/forum/threads/t1/reads/ana");
    expect(threadListEntryPath("newest", null, "e1")).toBe("community/forum/lists/newest-all/entries/e1");
    expect(threadListEntryPath("top", "general", "e1")).toBe("community/forum/lists/top-general/entries/e1");
    expect(postLink("t1", "t1")).toBe("/community/t1");
    expect(postLink("t1", "p2")).toBe("/community/t1#post-p2");
  });

  it("reads a space from before skill spaces with its defaults, dropping unknown fields", () => {
    expect(readSpace({ name: "General", threadCount: 3, extra: 1 })).toEqual({
      name: "General",
      description: "",
      skillTag: null,
      order: 100,
      threadCount: 3,
      createdAt: 0,
    });
  });

  it("reads a thread without sort keys or counts as unlisted and empty, not as an error", () => {
    const thread = readThread({ id: "t1", data: { title: "Hello", authorUid: "ana", hidden: "yes", extra: 1 } });
    expect(thread).toEqual({
      id: "t1",
      spaceId: "",
      title: "Hello",
      authorUid: "ana",
      skillTag: null,
      createdAt: 0,
      lastActivityAt: 0,
      lastPosterUid: "",
      replyCount: 0,
      reactionCount: 0,
      answerPostId: null,
      hidden: false,
      nextSeq: 1,
      activityKey: "",
      newestKey: "",
      topKey: "",
      unansweredKey: "",
    });
  });

  it("reads a post from before edits, quotes and moderation with their defaults", () => {
    expect(
      readPost({ id: "p1", data: { threadId: "t1", authorUid: "ben", body: "Hi", seq: 2, createdAt: 5 } }),
    ).toEqual({
      id: "p1",
      threadId: "t1",
      authorUid: "ben",
      body: "Hi",
      createdAt: 5,
      editedAt: null,
      deleted: false,
      seq: 2,
      quoteOf: null,
      reactions: {},
      mentions: [],
      hidden: false,
      openReports: 0,
    });
  });

  it("keeps a post's counts of known reactions only, and its good mentions", () => {
    const post = readPost({
      id: "p1",
      data: {
        body: 7,
        reactions: { heart: 2, thumbs_up: 0, laugh: -1, tada: 1.5, shrug: 4, thinking: "3" },
        mentions: ["ana", 3, null, "cy"],
        editedAt: "yesterday",
      },
    });
    expect(post.body).toBe("");
    expect(post.reactions).toEqual({ heart: 2 });
    expect(post.mentions).toEqual(["ana", "cy"]);
    expect(post.editedAt).toBeNull();
  });

  it("reads a reaction of a kind this version does not know as none", () => {
    expect(readReaction({ postId: "p1", uid: "ana", kind: "shrug", at: 3 })).toEqual({
      postId: "p1",
      uid: "ana",
      kind: null,
      at: 3,
    });
    expect(readReaction({ postId: "p1", uid: "ana", kind: "tada" }).kind).toBe("tada");
  });

  it("reads a read marker without a position as nothing read", () => {
    expect(readThreadRead({ uid: "ana", seenSeq: "4" })).toEqual({ uid: "ana", seenSeq: -1, at: 0 });
    expect(readThreadRead({ uid: "ana", seenSeq: 4, at: 9 }).seenSeq).toBe(4);
  });

  it("reads a list entry without its thread as naming none", () => {
    expect(readListEntry({ id: "e1", data: { createdAt: "x" } })).toEqual({ id: "e1", threadId: "", createdAt: 0 });
  });
});

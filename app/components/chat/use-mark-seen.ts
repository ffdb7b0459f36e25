import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * While the page is visible, posts `{ intent: "seen" }` to `action` once per newest unseen
 * message from the other member, so their messages turn seen and the Chat dot clears. Used by
 * the inbox thread and the session room, whose actions both call the chat's markSeen.
 */
export function useMarkSeen(
  messages: readonly { id: string; sender: string; seen: boolean }[],
  me: string,
  action: string,
) {
  const seen = useFetcher();
  const requested = useRef<string | null>(null);
  const latestUnseen = [...messages].reverse().find((m) => m.sender !== me && !m.seen)?.id ?? null;
  useEffect(() => {
    const mark = () => {
      if (!latestUnseen || requested.current === latestUnseen || document.visibilityState !== "visible") return;
      requested.current = latestUnseen;
      seen.submit({ intent: "seen" }, { method: "post", action });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
    // seen.submit is stable enough; re-running on it would resubmit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latestUnseen, action]);
}

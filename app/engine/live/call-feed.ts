/**
 * The call:<bookingId> feed, composed once for both transports: both members' call state and the
 * negotiation messages addressed to the listener, sent together once both have answered.
 * Browser-safe: each transport passes its own way of watching a query.
 */
import type { WatchQuery } from "./chat-unread";
import { callMembersOf, callMessagesOf, callPayload, type CallPayload } from "./feeds";

type Docs = Parameters<Parameters<WatchQuery>[1]>[0];

export function composeCall(
  watch: WatchQuery,
  bookingId: string,
  uid: string,
  emit: (payload: CallPayload) => void,
  fail: (error: Error) => void,
): () => void {
  let members: Docs | null = null;
  let messages: Docs | null = null;
  const publish = () => {
    if (members && messages) emit(callPayload(members, messages));
  };
  const stopMembers = watch(callMembersOf(bookingId, uid), (docs) => ((members = docs), publish()), fail);
  const stopMessages = watch(callMessagesOf(bookingId, uid), (docs) => ((messages = docs), publish()), fail);
  return () => {
    stopMembers();
    stopMessages();
  };
}

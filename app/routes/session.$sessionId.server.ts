/** Route helper of session.$sessionId: the room's data for its loader. */
import { chatMessagesFeed, roomBookingPayload } from "~/engine/live/feeds";
import type { DocStore } from "~/engine/store/types";
import { getBookingFor } from "~/features/bookings/bookings.server";
import { roomChatId } from "~/features/bookings/room";
import { readFeed } from "~/features/live/subscribe.server";
import { namesOf } from "~/features/members/members.server";
import { reviewsOfBooking } from "~/features/reviews/reviews.server";
import { swapPartnerOf } from "~/features/board/swap.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { isTaxonomyTag } from "~/features/skills/taxonomy";

/**
 * The room's first paint: the same two live feeds the browser then follows (the booking and the
 * pair's conversation), read once, plus what does not change while it is open. A skill of the
 * taxonomy is named in the reader's `language`; a member's own tag as written (`skillOwn`).
 */
export async function loadSessionRoom(store: DocStore, bookingId: string, uid: string, language: string) {
  const booking = await getBookingFor(store, bookingId, uid);
  const otherUid = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
  const chatId = roomChatId(booking);
  const [names, reviews, messages, partner] = await Promise.all([
    namesOf(store, [otherUid], language),
    reviewsOfBooking(store, bookingId),
    chatId ? readFeed(store, uid, chatMessagesFeed(chatId)) : Promise.resolve([]),
    swapPartnerOf(store, booking, uid),
  ]);
  const mine = reviews.find((r) => r.reviewerUid === uid);
  const theirs = reviews.find((r) => r.reviewerUid === otherUid);
  const namer = skillNamer(language);
  return {
    id: booking.id,
    uid,
    skillLabel: namer.name(booking.skillTag, booking.skillLabel),
    skillOwn: !isTaxonomyTag(booking.skillTag),
    start: booking.start,
    end: booking.end,
    durationMinutes: booking.durationMinutes,
    price: booking.price,
    otherUid,
    otherName: names.get(otherUid)!,
    chatId,
    booking: roomBookingPayload(booking),
    // Decision 024: what the learner's verification still holds back, as /calendar says it. Read
    // at load: the learner verifies elsewhere, and the room's live booking feed does not carry it.
    waitingPayout: booking.payoutWaits && booking.waitingPayout ? booking.waitingPayout.amount : null,
    myReview: mine ? { rating: mine.rating, comment: mine.comment } : null,
    theirReview: theirs ? { rating: theirs.rating, comment: theirs.comment } : null,
    messages,
    // One of a swap's two sessions: the other, so cancelling can ask about it (decision 041).
    swapPartner: partner
      ? {
          id: partner.id,
          skillLabel: namer.name(partner.skillTag, partner.skillLabel),
          skillOwn: !isTaxonomyTag(partner.skillTag),
          start: partner.start,
          state: partner.state,
        }
      : null,
  };
}

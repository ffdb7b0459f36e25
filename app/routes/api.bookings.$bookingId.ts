import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { applyCommand, saveNotes, setMeetingLink } from "~/features/bookings/bookings.server";
import type { BookingActionResult } from "~/features/bookings/types";
import { userText } from "~/utils/bidi";
import { postOnly } from "~/utils/forms.server";
import { errorResponse, readAction } from "./api.bookings.server";
import { MAX_DISPUTE_REASON } from "~/features/bookings/state";
import { MAX_REVIEW_COMMENT } from "~/features/reviews/types";
import { submitReview } from "~/features/reviews/reviews.server";
import { cancelSwapPartner } from "~/features/board/swap.server";
import { fixedT } from "~/i18n/i18n.server";

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["accept", "decline", "confirm"]) }),
  // A swap's session may take its other session with it (decision 041).
  z.object({ intent: z.literal("cancel"), alsoSwap: z.literal("on").optional() }),
  z.object({
    intent: z.literal("dispute"),
    reason: userText().pipe(
      z.string().trim().min(1, "errors.refuse.disputeReason").max(MAX_DISPUTE_REASON, "errors.refuse.disputeTooLong"),
    ),
  }),
  z.object({ intent: z.literal("link"), meetingLink: z.string().max(500) }),
  z.object({ intent: z.literal("notes"), notes: userText() }),
  z.object({
    intent: z.literal("review"),
    rating: z.coerce.number({ invalid_type_error: "errors.stars" }).int().min(1, "errors.stars").max(5, "errors.stars"),
    comment: userText().pipe(z.string().max(MAX_REVIEW_COMMENT, "errors.reviewTooLong")).default(""),
  }),
]);

/** What each change answers, keys of the "bookings" namespace. */
const DONE: Record<string, string> = {
  accept: "done.accept",
  decline: "done.decline",
  cancel: "done.cancel",
  confirm: "done.confirm",
  dispute: "done.dispute",
  link: "done.link",
  notes: "done.notes",
  review: "done.review",
};

export const loader = postOnly;

/** POST /api/bookings/:bookingId — every change a participant makes to a session. */
export async function action({ request, params }: ActionFunctionArgs) {
  const input = await readAction(request, commandSchema);
  if (input instanceof Response) return input;
  const store = await getStore();
  const bookingId = params.bookingId ?? "";
  const { value } = input;
  const t = fixedT(input.language, "bookings");
  try {
    let applied = true;
    switch (value.intent) {
      case "link":
        await setMeetingLink(store, bookingId, input.uid, value.meetingLink);
        break;
      case "notes":
        await saveNotes(store, bookingId, input.uid, value.notes);
        break;
      case "review":
        await submitReview(store, bookingId, input.uid, { rating: value.rating, comment: value.comment });
        break;
      case "dispute":
        applied = (await applyCommand(store, bookingId, { uid: input.uid }, { kind: "dispute", reason: value.reason }))
          .applied;
        break;
      case "cancel": {
        applied = (await applyCommand(store, bookingId, { uid: input.uid }, { kind: "cancel" })).applied;
        const stays = value.alsoSwap
          ? await cancelSwapPartner(store, bookingId, input.uid, Date.now(), input.language)
          : null;
        if (value.alsoSwap && !stays)
          return Response.json({
            ok: true,
            applied,
            bookingId,
            message: t("done.swapCancelled"),
          } satisfies BookingActionResult);
        if (stays)
          return Response.json({
            ok: true,
            applied,
            bookingId,
            message: `${t("done.cancel")} ${stays}`,
          } satisfies BookingActionResult);
        break;
      }
      default:
        applied = (await applyCommand(store, bookingId, { uid: input.uid }, { kind: value.intent })).applied;
    }
    return Response.json({
      ok: true,
      applied,
      bookingId,
      message: t(DONE[value.intent]!),
    } satisfies BookingActionResult);
  } catch (error) {
    return errorResponse(error, input.language);
  }
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { requestBooking } from "~/features/bookings/bookings.server";
import type { BookingActionResult } from "~/features/bookings/types";
import { postOnly } from "~/utils/forms.server";
import { errorResponse, readAction } from "./api.bookings.server";

const requestSchema = z.object({
  mentorUid: z.string().min(1).max(128),
  skillTag: z.string().min(1, "errors.chooseSkill").max(64),
  durationMinutes: z.coerce.number().int(),
  start: z.coerce.number({ invalid_type_error: "errors.chooseTime" }).int("errors.chooseTime"),
  /** Booking a board offer: its price and skill come from the post, read on the server. */
  offerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, "errors.noOffer")
    .optional(),
});

export const loader = postOnly;

/** POST /api/bookings: a learner requests a session; its price is computed and held here. */
export async function action({ request }: ActionFunctionArgs) {
  const input = await readAction(request, requestSchema);
  if (input instanceof Response) return input;
  try {
    const booking = await requestBooking(await getStore(), { learnerUid: input.uid, ...input.value });
    return Response.json({ ok: true, bookingId: booking.id } satisfies BookingActionResult);
  } catch (error) {
    return errorResponse(error, input.language);
  }
}

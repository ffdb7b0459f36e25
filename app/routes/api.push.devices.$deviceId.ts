import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { PushError, removeDevice } from "~/features/push/subscriptions.server";
import { postOnly } from "~/utils/forms.server";
import { answer, readPushRequest } from "./api.push.server";

export const loader = postOnly;

const removeSchema = z.object({ intent: z.literal("remove") });

/**
 * POST /api/push/devices/:deviceId (intent=remove): removes one of the member's own devices; one
 * that is not theirs, or none, is a 404 (decision 054).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const input = await readPushRequest(request, removeSchema);
  if (input instanceof Response) return input;
  const { user, t } = input;
  try {
    await removeDevice(await getStore(), user.uid, params.deviceId ?? "");
    return answer(request, 200, { ok: true, message: t("saved.deviceRemoved") });
  } catch (error) {
    if (!(error instanceof PushError)) throw error;
    return answer(request, error.status, { ok: false, message: t(error.key, error.params) });
  }
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { getPushSender, getStore } from "~/engine/index.server";
import { PushError, subscribe, subscriptionSchema } from "~/features/push/subscriptions.server";
import { postOnly } from "~/utils/forms.server";
import { answer, readPushRequest } from "./api.push.server";

export const loader = postOnly;

/** The push port's refusals (English, for logs and tests) by what they say, as keys of "push". */
function refusalKey(refusal: string): string {
  if (refusal.includes("https:")) return "errors.endpointHttps";
  if (refusal.includes("SkillSwap itself")) return "errors.endpointSelf";
  if (refusal.includes("public internet")) return "errors.endpointPrivate";
  return "errors.endpoint";
}

/**
 * POST /api/push/devices: this browser's push subscription (endpoint, p256dh, auth from
 * PushSubscription.toJSON()), stored for the signed-in member (decisions 046, 054). Refused with a
 * message: an endpoint that is not https:, is this server or a private address; malformed keys;
 * an 11th device.
 */
export async function action({ request }: ActionFunctionArgs) {
  const input = await readPushRequest(request, subscriptionSchema);
  if (input instanceof Response) return input;
  const { user, t, value } = input;
  try {
    await subscribe(
      await getStore(),
      (await getPushSender()).refuseEndpoint,
      user.uid,
      value,
      request.headers.get("User-Agent"),
    );
    return answer(request, 200, { ok: true, message: t("saved.deviceOn") });
  } catch (error) {
    if (!(error instanceof PushError)) throw error;
    const key = error.key === "errors.endpoint" ? refusalKey(error.message) : error.key;
    return answer(request, error.status, { ok: false, message: t(key, error.params) });
  }
}

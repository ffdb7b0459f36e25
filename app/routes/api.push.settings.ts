import type { ActionFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { pushChoicesSchema, savePushChoices } from "~/features/push/choices.server";
import { readNotificationPrefs } from "~/features/notifications/preferences";
import { postOnly } from "~/utils/forms.server";
import { answer, readPushRequest } from "./api.push.server";

export const loader = postOnly;

/**
 * POST /api/push/settings: the member's push column, quiet hours (in their time zone) and "Show
 * message text in notifications" (decisions 046, 054).
 */
export async function action({ request }: ActionFunctionArgs) {
  const input = await readPushRequest(request, pushChoicesSchema);
  if (input instanceof Response) return input;
  const { user, t, value } = input;
  await savePushChoices(await getStore(), user.uid, value, readNotificationPrefs(user.profile));
  return answer(request, 200, { ok: true, message: t("saved.choices") });
}

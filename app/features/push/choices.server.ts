/**
 * The member's side of web push on /settings (decision 054): what the push section shows (the
 * VAPID key this browser subscribes with, the member's devices, their push choices beside the
 * bell's) and the schema and write of "What to push" (push_settings/{uid}, decision 046).
 */
import { z } from "zod";
import type { DocStore } from "~/engine/store/types";
import { getPushSettings, pushSettingsPath, type PushSettingsDoc } from "~/documents/push";
import { getPushSender } from "~/engine/index.server";
import type { NotificationPrefs } from "~/features/notifications/preferences";
import { listDevices } from "./subscriptions.server";
import { PUSH_CATEGORIES, readPushChoices, type PushCategory } from "./settings";

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** "HH:MM", or empty for none. */
const clock = z
  .string()
  .trim()
  .max(8)
  .default("")
  .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "errors.clock");

/** The "What to push" form: a checkbox per category, quiet hours (both or neither, not equal), show text. */
export const pushChoicesSchema = z
  .object({
    ...(Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, checkbox])) as Record<PushCategory, typeof checkbox>),
    showText: checkbox,
    quietStart: clock,
    quietEnd: clock,
  })
  .superRefine((v, ctx) => {
    if ((v.quietStart === "") !== (v.quietEnd === ""))
      ctx.addIssue({ code: "custom", path: [v.quietStart ? "quietEnd" : "quietStart"], message: "errors.bothTimes" });
    else if (v.quietStart !== "" && v.quietStart === v.quietEnd)
      ctx.addIssue({ code: "custom", path: ["quietEnd"], message: "errors.sameTimes" });
  });
export type PushChoicesInput = z.infer<typeof pushChoicesSchema>;

/**
 * Writes the member's push choices. A category the bell does not send is stored off for push too:
 * push only narrows what the bell says (decision 046).
 */
export async function savePushChoices(
  store: DocStore,
  uid: string,
  input: PushChoicesInput,
  bell: NotificationPrefs,
): Promise<void> {
  const categories: Record<string, boolean> = {};
  for (const category of PUSH_CATEGORIES) categories[category] = bell[category] && input[category];
  const doc: PushSettingsDoc = {
    categories,
    showText: input.showText,
    quietStart: input.quietStart || null,
    quietEnd: input.quietEnd || null,
  };
  await store.set(pushSettingsPath(uid), doc);
}

/** What the settings page's push section needs, read on the server. */
export async function pushSection(store: DocStore, uid: string, bell: NotificationPrefs) {
  const [sender, devices, settings] = await Promise.all([
    getPushSender(),
    listDevices(store, uid),
    getPushSettings(store, uid),
  ]);
  const choices = readPushChoices(settings);
  const categories = {} as Record<PushCategory, { bell: boolean; push: boolean }>;
  for (const category of PUSH_CATEGORIES)
    categories[category] = { bell: bell[category], push: bell[category] && choices.categories[category] };
  return {
    publicKey: sender.publicKey,
    devices: devices.map((d) => ({ id: d.id, name: d.name, createdAt: d.createdAt })),
    categories,
    showText: choices.showText,
    quietStart: choices.quietHours?.start ?? "",
    quietEnd: choices.quietHours?.end ?? "",
  };
}
export type PushSectionData = Awaited<ReturnType<typeof pushSection>>;

/**
 * Route helper of _app.notifications: the notifications page's form: mark one or all read. A schema
 * at the top of the route module stayed in the browser's build, and zod with it, though only the
 * action used it (decision 053).
 */
import { z } from "zod";

export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id: z.string().trim().min(1, "Choose a notification.").max(300) }),
  z.object({ intent: z.literal("mark-all-read") }),
]);

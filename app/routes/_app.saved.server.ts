/**
 * Route helper of _app.saved: the saved-profiles page's form: save or unsave a member. A schema at
 * the top of the route module stayed in the browser's build, and zod with it, though only the
 * action used it (decision 053).
 */
import { z } from "zod";

export const saveSchema = z.object({
  intent: z.enum(["save", "unsave"]),
  uid: z.string().regex(/^[A-Za-z0-9-]{1,128}$/, "Choose a member."),
});

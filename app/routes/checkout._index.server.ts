/**
 * Route helper of checkout._index: the checkout return page's query, as the payment provider sends
 * it. A schema at the top of the route module stayed in the browser's build, and zod with it,
 * though only the loader used it (decision 053).
 */
import { z } from "zod";

export const Search = z.object({
  status: z.enum(["success", "cancelled"]).optional(),
  session_id: z.string().min(1).max(300).optional(),
});

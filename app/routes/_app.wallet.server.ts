/**
 * Route helper of _app.wallet: the wallet page's query: the history's cursor. A schema at the top
 * of the route module stayed in the browser's build, and zod with it, though only the loader used
 * it (decision 053).
 */
import { z } from "zod";

export const Search = z.object({ before: z.coerce.number().int().positive().optional() });

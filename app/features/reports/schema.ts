/** The report form's one schema, shared by the resource route and the form. Browser-safe. */
import { z } from "zod";
import { stripBidiControls } from "~/utils/bidi";
import { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_TEXT_MAX } from "./types";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "This report names nothing that can be reported.");

export const reportSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS, { errorMap: () => ({ message: "Choose a post or a message to report." }) }),
  /** The post's or the message's id. */
  targetId: id,
  /** The thread of a post, the chat of a message; a board post's own id. */
  contextId: z.string().regex(/^[A-Za-z0-9_-]{1,260}$/, "This report names nothing that can be reported."),
  reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "Choose a reason from the list." }) }),
  text: z
    .string()
    .max(REPORT_TEXT_MAX, `Keep the explanation under ${REPORT_TEXT_MAX.toLocaleString("en")} characters.`)
    .default("")
    .transform((t) => stripBidiControls(t).trim()),
});

export type ReportInput = z.infer<typeof reportSchema>;

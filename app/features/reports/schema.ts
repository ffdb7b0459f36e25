/** The report form's one schema, shared by the resource route and the form. Browser-safe. */
import { z } from "zod";
import { stripBidiControls } from "~/utils/bidi";
import { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_TEXT_MAX } from "./types";

const id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "validation.reportNothing");

export const reportSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS, { errorMap: () => ({ message: "validation.reportTarget" }) }),
  /** The post's or the message's id. */
  targetId: id,
  /** The thread of a post, the chat of a message; a board post's own id. */
  contextId: z.string().regex(/^[A-Za-z0-9_-]{1,260}$/, "validation.reportNothing"),
  reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "validation.reportReason" }) }),
  text: z
    .string()
    .max(REPORT_TEXT_MAX, "validation.reportTextTooLong")
    .default("")
    .transform((t) => stripBidiControls(t).trim()),
});

export type ReportInput = z.infer<typeof reportSchema>;

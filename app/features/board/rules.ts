/**
 * The board's rules that need no server: what a post may say (one schema for the form and the
 * action), the filters /board reads from its query string, and cursors. Browser-safe: the post form
 * checks a draft with the same schema. Decision 039.
 */
import { z } from "zod";
import { POST_FORMATS, POST_TYPES, PRICE_KINDS, type PostType, type PriceKind } from "~/documents/board";
import { toSkill } from "~/features/skills/tags";
import { userText } from "~/utils/bidi";
import { DEFAULT_EXPIRY_DAYS, MAX_EXPIRY_DAYS, MIN_EXPIRY_DAYS } from "./expiry";

export const TITLE_MIN = 5;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 5_000;
export const AREA_MAX = 80;
export const MAX_SP = 1_000;
/** Active posts a member may have at once. */
export const MAX_ACTIVE_POSTS = 10;
export const POSTS_PER_PAGE = 20;

/** The post form's messages are keys of the board's catalogue (validation.*), said in the member's language. */
const oneLine = (min: number, max: number, short: string, long: string) =>
  userText()
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(min, short).max(max, long));

const skillField = (missing: string) =>
  userText().transform((s, ctx) => {
    const skill = toSkill(s, "beginner");
    if (!skill) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: missing });
      return z.NEVER;
    }
    return { tag: skill.tag, label: skill.label };
  });

const optionalText = z
  .string()
  .optional()
  .transform((s) => s ?? "");

/** The post form, as the action reads it. Prices and swap skills are checked together below. */
export const postFormSchema = z
  .object({
    type: z.enum(POST_TYPES, { errorMap: () => ({ message: "board:validation.type" }) }),
    skill: skillField("board:validation.skill"),
    title: oneLine(TITLE_MIN, TITLE_MAX, "board:validation.titleTooShort", "board:validation.titleTooLong"),
    description: userText()
      .transform((s) => s.replace(/\r\n/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(1, "board:validation.descriptionEmpty")
          .max(DESCRIPTION_MAX, "board:validation.descriptionTooLong"),
      ),
    format: z.enum(POST_FORMATS, { errorMap: () => ({ message: "board:validation.format" }) }),
    area: optionalText.pipe(
      userText()
        .transform((s) => s.replace(/\s+/g, " ").trim())
        .pipe(z.string().max(AREA_MAX, "board:validation.areaTooLong")),
    ),
    priceKind: z.enum(PRICE_KINDS, {
      errorMap: () => ({ message: "board:validation.priceKind" }),
    }),
    sp: optionalText,
    swapSkill: optionalText,
    days: optionalText,
  })
  .transform((v, ctx) => {
    if (v.format !== "online" && !v.area)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["area"],
        message: "board:validation.area",
      });
    let sp = 0;
    let swap: { tag: string; label: string } | null = null;
    if (v.priceKind === "swap") {
      const skill = toSkill(v.swapSkill, "beginner");
      if (!skill)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["swapSkill"],
          message: "board:validation.swapSkill",
        });
      else swap = { tag: skill.tag, label: skill.label };
    } else {
      sp = Number(v.sp);
      if (!/^\d{1,4}$/.test(v.sp.trim()) || sp < 1 || sp > MAX_SP)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["sp"],
          message: "board:validation.sp",
          params: { min: 1, max: MAX_SP },
        });
    }
    const days = v.days.trim() === "" ? DEFAULT_EXPIRY_DAYS : Number(v.days);
    if (!Number.isInteger(days) || days < MIN_EXPIRY_DAYS || days > MAX_EXPIRY_DAYS)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["days"],
        message: "board:validation.days",
        params: { min: MIN_EXPIRY_DAYS, max: MAX_EXPIRY_DAYS },
      });
    return {
      type: v.type,
      skillTag: v.skill.tag,
      skillLabel: v.skill.label,
      title: v.title,
      description: v.description,
      format: v.format,
      area: v.format === "online" ? "" : v.area,
      price: {
        kind: v.priceKind,
        sp: v.priceKind === "swap" ? 0 : sp,
        swapSkillTag: swap?.tag ?? null,
        swapSkillLabel: swap?.label ?? null,
      },
      days,
    };
  });
export type PostInput = z.output<typeof postFormSchema>;

export const BOARD_SORTS = ["newest", "fit"] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export interface BoardFilters {
  type: PostType | null;
  /** A skill's tag, normalised. */
  skill: string | null;
  format: "online" | "in_person" | null;
  price: PriceKind | null;
  /** Posts whose skill the member wants or teaches. */
  mine: boolean;
  q: string;
  sort: BoardSort;
}

const pickOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : null;

/** The filters of /board's query string; anything not understood is left out (a shared link still opens). */
export function readFilters(params: URLSearchParams): BoardFilters {
  const skill = toSkill((params.get("skill") ?? "").slice(0, 80), "beginner");
  return {
    type: pickOf(POST_TYPES, params.get("type")),
    skill: skill?.tag ?? null,
    format: pickOf(["online", "in_person"] as const, params.get("format")),
    price: pickOf(PRICE_KINDS, params.get("price")),
    mine: params.get("mine") === "1",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    sort: pickOf(BOARD_SORTS, params.get("sort")) ?? "newest",
  };
}

/** The query string of filters (and a cursor or page), in one order, leaving out defaults. */
export function filtersQuery(f: Partial<BoardFilters>, extra: Record<string, string | null> = {}): string {
  const s = new URLSearchParams();
  if (f.type) s.set("type", f.type);
  if (f.skill) s.set("skill", f.skill);
  if (f.format) s.set("format", f.format);
  if (f.price) s.set("price", f.price);
  if (f.mine) s.set("mine", "1");
  if (f.q) s.set("q", f.q);
  if (f.sort && f.sort !== "newest") s.set("sort", f.sort);
  for (const [k, v] of Object.entries(extra)) if (v) s.set(k, v);
  const text = s.toString();
  return text ? `?${text}` : "";
}

const CURSOR = /^[0-9]{15}_[A-Za-z0-9_-]{1,128}$/;
/** A page cursor is the last list entry id shown; anything else is a 400. */
export function isBoardCursor(value: string): boolean {
  return CURSOR.test(value);
}

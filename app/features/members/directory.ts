/**
 * The member directory's rules: who fits a search and its filters, in which order, on which page.
 * Pure and browser-safe; `directory.server.ts` gathers the entries from the store.
 */
import { z } from "zod";
import { normaliseTag } from "~/features/skills/tag-name";
import { SKILL_LEVELS, type Skill, type SkillLevel } from "~/features/skills/tags";
import { findSkillNamed, type SkillNames } from "~/features/skills/taxonomy";

export const DIRECTORY_PAGE_SIZE = 20;

export interface DirectoryEntry {
  uid: string;
  fullName: string;
  avatar: string;
  bio: string;
  languages: string[];
  skillsOffered: Skill[];
  skillsWanted: Skill[];
  /** SP per hour by offered tag (0 = a free swap); tags without a rate are not bookable yet. */
  rates: Record<string, number>;
  rating: { count: number; average: number | null };
  online: boolean;
  createdAt: number;
}

export const DIRECTORY_SORTS = ["relevance", "rating", "price", "newest", "name"] as const;

/** The directory's query string, read leniently: a bad value is dropped, never an error page. */
export const directoryQuerySchema = z.object({
  q: z.string().max(80).catch("").default(""),
  role: z.enum(["any", "teaches", "learns"]).catch("any").default("any"),
  level: z
    .enum(["any", ...SKILL_LEVELS])
    .catch("any")
    .default("any"),
  online: z.literal("1").optional().catch(undefined),
  free: z.literal("1").optional().catch(undefined),
  maxPrice: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  minRating: z.coerce.number().min(1).max(5).optional().catch(undefined),
  sort: z.enum(DIRECTORY_SORTS).catch("relevance").default("relevance"),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export function readDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  return directoryQuerySchema.parse(Object.fromEntries([...params].filter(([, v]) => v !== "")));
}

/** Skills the role filter looks at. */
function skillsFor(entry: DirectoryEntry, role: DirectoryQuery["role"]): Skill[] {
  if (role === "teaches") return entry.skillsOffered;
  if (role === "learns") return entry.skillsWanted;
  return [...entry.skillsOffered, ...entry.skillsWanted];
}

/**
 * The search text as a tag, and the taxonomy's skill it names (in the reader's language, so
 * "guitarra" searches Guitar): worked out once per search, not once per member (issue 28,
 * bench:growth: the directory weighs up to DIRECTORY_SCAN members on every request).
 */
interface SearchText {
  text: string;
  meant: string | undefined;
}

function searchTextOf(q: string, names: SkillNames): SearchText {
  const text = normaliseTag(q);
  return { text, meant: text ? findSkillNamed(text, names)?.tag : undefined };
}

/** How well an entry answers the search text: 3 a skill, 2 the name, 1 a language, 0 not at all. */
function textScore(entry: DirectoryEntry, query: DirectoryQuery, { text, meant }: SearchText): number {
  if (!text) return 1;
  const skills = skillsFor(entry, query.role).filter((s) => query.level === "any" || s.level === query.level);
  if (skills.some((s) => s.tag === meant || s.tag.includes(text))) return 3;
  if (normaliseTag(entry.fullName).includes(text)) return 2;
  if (entry.languages.some((l) => normaliseTag(l).includes(text))) return 1;
  return 0;
}

/** The lowest rate among the skills that answered the search (all offered skills without one). */
function priceFor(entry: DirectoryEntry, { text, meant }: SearchText): number | null {
  const matching = entry.skillsOffered.filter((s) => !text || s.tag === meant || s.tag.includes(text));
  const rates = (matching.length ? matching : entry.skillsOffered)
    .map((s) => entry.rates[s.tag])
    .filter((r): r is number => r !== undefined);
  return rates.length ? Math.min(...rates) : null;
}

/**
 * The lowest rate among the skills that answered the search (all offered skills without one).
 * `names`: the taxonomy's names in the reader's language, so "guitarra" searches Guitar.
 */
export function priceOf(
  entry: DirectoryEntry,
  query: Pick<DirectoryQuery, "q">,
  names: SkillNames = {},
): number | null {
  return priceFor(entry, searchTextOf(query.q, names));
}

function fits(entry: DirectoryEntry, query: DirectoryQuery, search: SearchText, price: number | null): boolean {
  if (query.online && !entry.online) return false;
  if (query.minRating !== undefined && (entry.rating.average ?? 0) < query.minRating) return false;
  const skills = skillsFor(entry, query.role);
  if (!search.text && query.role !== "any" && skills.length === 0) return false;
  if (!search.text && query.level !== "any" && !skills.some((s) => s.level === query.level)) return false;
  if (query.free && price !== 0) return false;
  if (query.maxPrice !== undefined && (price === null || price > query.maxPrice)) return false;
  return true;
}

const LEVEL_ORDER: Record<SkillLevel, number> = { beginner: 0, intermediate: 1, expert: 2 };
export const levelRank = (level: SkillLevel) => LEVEL_ORDER[level];

export interface DirectoryPage {
  entries: DirectoryEntry[];
  total: number;
  page: number;
  pages: number;
}

/** An entry that fits the search, with what it is sorted by worked out once. */
interface Scored {
  entry: DirectoryEntry;
  score: number;
  /** Infinity when it has no rate. */
  price: number;
}

// One collator for every comparison: what String.prototype.localeCompare uses, without making it again.
const collator = new Intl.Collator();
const byName = (a: DirectoryEntry, b: DirectoryEntry) =>
  collator.compare(a.fullName, b.fullName) || collator.compare(a.uid, b.uid);

const COMPARE: Record<DirectoryQuery["sort"], (a: Scored, b: Scored) => number> = {
  relevance: (a, b) =>
    b.score - a.score ||
    Number(b.entry.online) - Number(a.entry.online) ||
    (b.entry.rating.average ?? 0) - (a.entry.rating.average ?? 0) ||
    byName(a.entry, b.entry),
  rating: (a, b) =>
    (b.entry.rating.average ?? 0) - (a.entry.rating.average ?? 0) ||
    b.entry.rating.count - a.entry.rating.count ||
    byName(a.entry, b.entry),
  price: (a, b) => a.price - b.price || byName(a.entry, b.entry),
  newest: (a, b) => b.entry.createdAt - a.entry.createdAt || byName(a.entry, b.entry),
  name: (a, b) => byName(a.entry, b.entry),
};

/**
 * Filters, sorts and pages the directory; members with equal keys keep a stable, name-based order.
 * A skill is found by its English name, a synonym, or its name in the reader's language (`names`).
 */
export function searchDirectory(
  all: readonly DirectoryEntry[],
  query: DirectoryQuery,
  pageSize = DIRECTORY_PAGE_SIZE,
  names: SkillNames = {},
): DirectoryPage {
  const search = searchTextOf(query.q, names);
  // With a role or level chosen, the text must name one of those skills, not the name or a language.
  const needsSkill = !!search.text && (query.role !== "any" || query.level !== "any");
  const scored: Scored[] = [];
  for (const entry of all) {
    const score = textScore(entry, query, search);
    if (score < (needsSkill ? 3 : 1)) continue;
    const price = priceFor(entry, search);
    if (fits(entry, query, search, price)) scored.push({ entry, score, price: price ?? Infinity });
  }
  scored.sort(COMPARE[query.sort]);
  const pages = Math.max(1, Math.ceil(scored.length / pageSize));
  const page = Math.min(query.page, pages);
  return {
    entries: scored.slice((page - 1) * pageSize, page * pageSize).map((s) => s.entry),
    total: scored.length,
    page,
    pages,
  };
}

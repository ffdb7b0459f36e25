/**
 * The member directory's rules: who fits a search and its filters, in which order, on which page.
 * Pure and browser-safe; `directory.server.ts` gathers the entries from the store.
 */
import { z } from "zod";
import { normaliseTag } from "~/features/skills/tag-name";
import { SKILL_LEVELS, type Skill, type SkillLevel } from "~/features/skills/tags";
import { findSkillNamed, type SkillNames } from "~/features/skills/taxonomy";

export const DIRECTORY_PAGE_SIZE = 20;

/** A listed member as the directory weighs them: what their card shows and what they are searched by. */
export interface DirectoryMember {
  uid: string;
  fullName: string;
  avatar: string;
  languages: string[];
  skillsOffered: Skill[];
  skillsWanted: Skill[];
  /** SP per hour by offered tag (0 = a free swap); tags without a rate are not bookable yet. */
  rates: Record<string, number>;
  rating: { count: number; average: number | null };
  createdAt: number;
}

/** A member on the page shown: with whether they are online now and their price for the search. */
export interface DirectoryEntry extends DirectoryMember {
  online: boolean;
  /** The lowest rate among the skills that answered the search (null: none bookable). */
  price: number | null;
}

// One collator for every comparison: what String.prototype.localeCompare uses, without making it again.
// It is the server's default (en-US here), the same for readers of every language, as the directory
// has always sorted; an order in the reader's language would need one kept order per language.
const collator = new Intl.Collator();

/**
 * The directory's members in name order (then by uid), the tie-break of every sort: sorted once when
 * the members are read and kept (directory.server.ts), so a search compares positions in this order
 * instead of collating names (issue 28, decision 124).
 */
export interface MembersByName {
  readonly inNameOrder: readonly DirectoryMember[];
}

/** What a search weighs: the kept members and who is online now, for the member searching. */
export interface Directory {
  members: MembersByName;
  /** The uids of members online now. */
  online: ReadonlySet<string>;
  /** The member searching, left out of their own directory. */
  viewerUid: string;
}

export function membersByName(members: readonly DirectoryMember[]): MembersByName {
  return {
    inNameOrder: [...members].sort(
      (a, b) => collator.compare(a.fullName, b.fullName) || collator.compare(a.uid, b.uid),
    ),
  };
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
function skillsFor(entry: DirectoryMember, role: DirectoryQuery["role"]): Skill[] {
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
function textScore(entry: DirectoryMember, query: DirectoryQuery, { text, meant }: SearchText): number {
  if (!text) return 1;
  const skills = skillsFor(entry, query.role).filter((s) => query.level === "any" || s.level === query.level);
  if (skills.some((s) => s.tag === meant || s.tag.includes(text))) return 3;
  if (normaliseTag(entry.fullName).includes(text)) return 2;
  if (entry.languages.some((l) => normaliseTag(l).includes(text))) return 1;
  return 0;
}

/** The lowest rate among the skills that answered the search (all offered skills without one). */
function priceFor(entry: DirectoryMember, { text, meant }: SearchText): number | null {
  const matching = entry.skillsOffered.filter((s) => !text || s.tag === meant || s.tag.includes(text));
  const rates = (matching.length ? matching : entry.skillsOffered)
    .map((s) => entry.rates[s.tag])
    .filter((r): r is number => r !== undefined);
  return rates.length ? Math.min(...rates) : null;
}

/** Whether the query sorts or filters by price: only then is every member's price worked out. */
const needsPrice = (query: DirectoryQuery) => query.sort === "price" || !!query.free || query.maxPrice !== undefined;

function fits(
  entry: DirectoryMember,
  online: boolean,
  query: DirectoryQuery,
  search: SearchText,
  price: number | null,
): boolean {
  if (query.online && !online) return false;
  if (query.minRating !== undefined && (entry.rating.average ?? 0) < query.minRating) return false;
  if (!search.text && (query.role !== "any" || query.level !== "any")) {
    const skills = skillsFor(entry, query.role);
    if (query.role !== "any" && skills.length === 0) return false;
    if (query.level !== "any" && !skills.some((s) => s.level === query.level)) return false;
  }
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

/** A member who fits the search, with what they are sorted by worked out once. */
interface Scored {
  member: DirectoryMember;
  score: number;
  online: boolean;
  /** Infinity when it has no rate, or when the query neither sorts nor filters by price. */
  price: number;
}

// The members are weighed in name order and the sort is stable: members with equal keys keep it, so
// no comparison looks at a name, and sorting by name is no sort at all.
const COMPARE: Record<Exclude<DirectoryQuery["sort"], "name">, (a: Scored, b: Scored) => number> = {
  relevance: (a, b) =>
    b.score - a.score ||
    Number(b.online) - Number(a.online) ||
    (b.member.rating.average ?? 0) - (a.member.rating.average ?? 0),
  rating: (a, b) =>
    (b.member.rating.average ?? 0) - (a.member.rating.average ?? 0) || b.member.rating.count - a.member.rating.count,
  price: (a, b) => a.price - b.price,
  newest: (a, b) => b.member.createdAt - a.member.createdAt,
};

/**
 * Filters, sorts and pages the directory; members with equal keys keep their name order. Whether a
 * member is online and their price are attached to the page's entries only. A skill is found by its
 * English name, a synonym, or its name in the reader's language (`names`).
 */
export function searchDirectory(
  { members, online, viewerUid }: Directory,
  query: DirectoryQuery,
  pageSize = DIRECTORY_PAGE_SIZE,
  names: SkillNames = {},
): DirectoryPage {
  const search = searchTextOf(query.q, names);
  // With a role or level chosen, the text must name one of those skills, not the name or a language.
  const needsSkill = !!search.text && (query.role !== "any" || query.level !== "any");
  const pricing = needsPrice(query);
  const scored: Scored[] = [];
  for (const member of members.inNameOrder) {
    if (member.uid === viewerUid) continue;
    const score = textScore(member, query, search);
    if (score < (needsSkill ? 3 : 1)) continue;
    const isOnline = online.has(member.uid);
    const price = pricing ? priceFor(member, search) : null;
    if (fits(member, isOnline, query, search, price))
      scored.push({ member, score, online: isOnline, price: price ?? Infinity });
  }
  if (query.sort !== "name") scored.sort(COMPARE[query.sort]);
  const pages = Math.max(1, Math.ceil(scored.length / pageSize));
  const page = Math.min(query.page, pages);
  return {
    entries: scored
      .slice((page - 1) * pageSize, page * pageSize)
      .map((s) => ({ ...s.member, online: s.online, price: priceFor(s.member, search) })),
    total: scored.length,
    page,
    pages,
  };
}

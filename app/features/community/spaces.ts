/**
 * The forum's spaces: four fixed ones, then one per skill tag in use. Browser-safe and without zod
 * (the schemas are in rules.ts): /community's space names and the board's lists import it (issue 28).
 */
import { normaliseTag } from "~/features/skills/tag-name";

export interface Space {
  id: string;
  name: string;
  description: string;
  skillTag: string | null;
}

export const FIXED_SPACES: readonly Space[] = [
  { id: "general", name: "General", description: "Anything about learning and teaching skills.", skillTag: null },
  {
    id: "introductions",
    name: "Introductions",
    description: "Say hello: what you teach, what you want to learn.",
    skillTag: null,
  },
  { id: "questions", name: "Questions", description: "Ask, and mark the reply that answered you.", skillTag: null },
  { id: "show-and-tell", name: "Show & tell", description: "Show what you learned or made.", skillTag: null },
];

export function skillSpace(tag: string, label: string): Space {
  return { id: skillSpaceId(tag), name: label, description: `Everything about ${label}.`, skillTag: tag };
}

export function fixedSpace(id: string): Space | undefined {
  return FIXED_SPACES.find((s) => s.id === id);
}

/**
 * Skill spaces in use other than a member's own that /community lists without being asked for all
 * of them: the most active. Every space in use would make the page grow with the community
 * (decision 147).
 */
export const ACTIVE_SPACES_SHOWN = 8;

/** Spaces in the order of their names. */
export const inNameOrder = (a: Pick<Space, "name">, b: Pick<Space, "name">) => a.name.localeCompare(b.name);

/** Skill spaces in use, each with its thread count. */
type CountedSpace = Space & { threadCount: number };

/**
 * The skill spaces in use ordered once for every member: all of them by name, and the
 * ACTIVE_SPACES_SHOWN with the most threads (then by name), themselves by name.
 */
export function spacesInUse(inUse: readonly CountedSpace[]): { all: CountedSpace[]; mostActive: CountedSpace[] } {
  const named = [...inUse].sort(inNameOrder);
  const active = new Set(
    // A stable sort: spaces with as many threads stay in name order.
    [...named]
      .sort((a, b) => b.threadCount - a.threadCount)
      .slice(0, ACTIVE_SPACES_SHOWN)
      .map((s) => s.id),
  );
  return { all: named, mostActive: named.filter((s) => active.has(s.id)) };
}

/**
 * The spaces a member sees, theirs first: the skill spaces of what they teach or learn, then the
 * fixed spaces, then `others` (skill spaces in use, already in name order).
 */
export function orderSpaces(others: readonly Space[], mine: readonly Space[]): Space[] {
  const seen = new Set<string>();
  const out: Space[] = [];
  const add = (s: Space) => {
    if (seen.has(s.id)) return;
    seen.add(s.id);
    out.push(s);
  };
  mine.forEach(add);
  FIXED_SPACES.forEach(add);
  others.forEach(add);
  return out;
}

/** Space ids for skill spaces: readable, and unique per tag even when the tag has characters an id cannot hold. */
export function skillSpaceId(tag: string): string {
  const key = normaliseTag(tag);
  const slug = key
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  if (slug === key) return `skill-${slug}`;
  let hash = 0x811c9dc5;
  for (const ch of key) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `skill-${slug || "x"}-${hash.toString(36)}`;
}

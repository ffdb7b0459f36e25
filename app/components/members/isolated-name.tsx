import type { ShownName } from "~/features/members/member";

/**
 * The `translate` attribute of an element that shows `name`: "no" on a member's own name only. It
 * lives beside `IsolatedName` so a page that draws names both ways loads one script file for them
 * (decision 117: /dashboard was at its 30 files).
 */
export function nameTranslate(name: ShownName): "no" | undefined {
  return name.own ? "no" : undefined;
}

/** A member's name inside a sentence: isolated, and kept from a browser translator when it is their own. */
export function IsolatedName({ name }: { name: ShownName }) {
  return <bdi translate={nameTranslate(name)}>{name.text}</bdi>;
}

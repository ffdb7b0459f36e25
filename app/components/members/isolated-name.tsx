import { nameTranslate, type ShownName } from "~/features/members/member";

/** A member's name inside a sentence: isolated, and kept from a browser translator when it is their own. */
export function IsolatedName({ name }: { name: ShownName }) {
  return <bdi translate={nameTranslate(name)}>{name.text}</bdi>;
}

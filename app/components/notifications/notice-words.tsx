import { ISOLATE } from "~/utils/format";

/**
 * A notice's sentence as noticeText wrote it. Its isolates (a member's name and own skill tag in
 * every language; a skill and an amount in Arabic) are shown as <bdi>, so the page isolates them and
 * no FSI/PDI reaches it as text (decision 109). The member's words in them are marked
 * translate="no"; a skill the server named from the taxonomy is the catalogue's (decision 101).
 */
export function NoticeWords({ text, skill }: { text: string; skill?: { name: string; own: boolean } }) {
  // split() with a captured group puts each isolate's text at the odd indexes.
  return text.split(ISOLATE).map((part, i) =>
    i % 2 ? (
      <bdi key={i} translate={skill && !skill.own && part === skill.name ? undefined : "no"}>
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}

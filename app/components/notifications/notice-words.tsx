/**
 * A notice's sentence as noticeText wrote it, with a member's own skill tag marked translate="no":
 * those are the member's words, not the catalogue's (decision 101).
 */
export function NoticeWords({ text, skill }: { text: string; skill?: { name: string; own: boolean } }) {
  const own = skill?.own ? skill.name : "";
  const at = own ? text.indexOf(own) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span translate="no">{own}</span>
      {text.slice(at + own.length)}
    </>
  );
}

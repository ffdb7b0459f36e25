import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { normaliseTag } from "~/features/skills/tag-name";
import { entryLineText, lineOf, type NamedSkill, type StoredLine } from "~/features/wallet/labels";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";

const REASON_MARK = "\u2064";
/** The "skills" namespace is flat, keyed by the whole tag (tags hold dots). */
const BY_WHOLE_KEY = { ns: "skills", keySeparator: false, nsSeparator: false } as const;

/**
 * A ledger entry's line in the reader's language (decision 063), from its label and values; an
 * admin's reason as written (translate="no", isolated). The booking's skill is named for the reader
 * (decision 086): by the loader that sent the entry (`entry.skill`), else, for an entry that arrived
 * live (the header's dropdown, /wallet's newest rows), by the taxonomy's names loaded in the browser
 * once such an entry is drawn; until then, and for a member's own tag, as the booking stored it
 * (translate="no"). An entry this version cannot render shows its stored English line, which is the
 * member's record as written, so it is marked translate="no" too. Words in "common": the header's
 * dropdown shows it on every page.
 */
export function EntryLine({ entry }: { entry: StoredLine }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const line = lineOf(entry);
  const skill = useReaderSkill(entry.skill, String(line?.params.skill ?? ""));
  if (!line)
    return (
      <span lang="en" translate="no">
        {entry.description}
      </span>
    );
  const reason = String(line.params.reason ?? "");
  return interleave(
    (mark) => entryLineText(line, t, locale, { skill: mark, reason: REASON_MARK }),
    <bdi translate={skill.own ? "no" : undefined}>{skill.name}</bdi>,
    { mark: REASON_MARK, element: <bdi translate="no">{reason}</bdi> },
  );
}

/**
 * The skill as the reader names it. Named by the server when it can be; otherwise the browser loads
 * the taxonomy's names (namespace "skills", a few KB, fetched once) after the first draw, so the
 * hydrated text is the server's and no page loads the names it does not show. English needs none:
 * the taxonomy's labels are its names.
 */
function useReaderSkill(named: NamedSkill | undefined, label: string): NamedSkill {
  const { i18n } = useTranslation();
  const [loaded, setLoaded] = useState<NamedSkill | null>(null);
  const wanted = !named && label !== "" && i18n.language !== SOURCE_LANGUAGE;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const tag = normaliseTag(label);
    void i18n.loadNamespaces("skills").then(() => {
      if (current && i18n.exists(tag, BY_WHOLE_KEY)) setLoaded({ name: i18n.t(tag, BY_WHOLE_KEY), own: false });
    });
    return () => {
      current = false;
    };
  }, [wanted, label, i18n]);
  return named ?? loaded ?? { name: label, own: true };
}

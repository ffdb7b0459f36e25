import { useTranslation } from "react-i18next";
import { entryLineText, lineOf, type StoredLine } from "~/features/wallet/labels";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";

const REASON_MARK = "\u2064";

/**
 * A ledger entry's line in the reader's language (decision 063), from its label and values; the
 * skill as the booking stored it and an admin's reason as written (translate="no", isolated). An
 * entry this version cannot render shows its stored English line, which is the member's record as
 * written, so it is marked translate="no" too. Words in "common": the header's dropdown shows it on
 * every page.
 */
export function EntryLine({ entry }: { entry: StoredLine }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const line = lineOf(entry);
  if (!line)
    return (
      <span lang="en" translate="no">
        {entry.description}
      </span>
    );
  const skill = String(line.params.skill ?? "");
  const reason = String(line.params.reason ?? "");
  return interleave(
    (mark) => entryLineText(line, t, locale, { skill: mark, reason: REASON_MARK }),
    <bdi translate="no">{skill}</bdi>,
    { mark: REASON_MARK, element: <bdi translate="no">{reason}</bdi> },
  );
}

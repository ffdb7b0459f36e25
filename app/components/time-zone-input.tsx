import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { timeZoneOptions } from "~/features/profile/timezone";

/**
 * A time zone typed, with the browser's list of zones offered as the member types (a datalist
 * filled once the page runs). The server renders one text field instead of a select of ~420
 * options (and the page's data no longer carries the list), which was most of /calendar's markup
 * (decision 052); the server checks the value against the zones it knows, as it did the select's.
 * Its placeholder is in "profile": a route that shows it names that namespace. A zone's name is an
 * identifier (Europe/Lisbon), written left to right in every language.
 */
export function TimeZoneInput({ id, name, defaultValue }: { id: string; name: string; defaultValue: string }) {
  const { t } = useTranslation("profile");
  const [zones, setZones] = useState<string[]>([]);
  useEffect(() => setZones(timeZoneOptions()), []);
  const listId = `${id}-options`;
  return (
    <>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        list={listId}
        required
        autoComplete="off"
        spellCheck={false}
        placeholder={t("timeZone.placeholder")}
        dir="ltr"
        className="input"
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}

import { useTranslation } from "react-i18next";
import { intlLocale } from "~/utils/format";

/** The Intl locale of the reader, for app/utils/format's functions in a component. */
export function useFormatLocale(): string {
  return intlLocale(useTranslation().i18n.language);
}

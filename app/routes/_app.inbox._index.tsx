import { useTranslation } from "react-i18next";

/** The right-hand pane before a conversation is chosen (large screens only). */
export default function NoConversationOpen() {
  const { t } = useTranslation("chat");
  return <div className="flex h-full items-center justify-center p-8 text-sm text-slate-500">{t("inbox.choose")}</div>;
}

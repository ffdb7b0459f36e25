import { useTranslation } from "react-i18next";
import { fixedSpace, type Space } from "~/features/community/spaces";
import { interleave } from "~/i18n/interleave";

type Shown = Pick<Space, "id" | "name"> & Partial<Pick<Space, "skillTag">>;

/** A space's name: the four fixed spaces in the reader's language, a skill space by its skill as written. */
export function SpaceName({ space }: { space: Shown | undefined }) {
  const { t } = useTranslation("community");
  if (!space) return null;
  return fixedSpace(space.id) ? <>{t(`spaces.${space.id}.name`)}</> : <bdi translate="no">{space.name}</bdi>;
}

/** A space's one-line description, in the reader's language. */
export function SpaceDescription({ space }: { space: Shown }) {
  const { t } = useTranslation("community");
  if (fixedSpace(space.id)) return <>{t(`spaces.${space.id}.description`)}</>;
  return <>{interleave((skill) => t("spaces.skill", { skill }), <bdi translate="no">{space.name}</bdi>)}</>;
}

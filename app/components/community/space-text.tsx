import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { fixedSpace, type Space } from "~/features/community/spaces";
import { interleave } from "~/i18n/interleave";

/** `own: false`: a taxonomy skill's space, its name already in the reader's language (skillNamer). */
type Shown = Pick<Space, "id" | "name"> & Partial<Pick<Space, "skillTag">> & { own?: boolean };

/** A skill space's name: a taxonomy skill's translated name isolated, a member's own tag also left untranslated. */
function SkillName({ space }: { space: Shown }) {
  return space.own === false ? <bdi>{space.name}</bdi> : <bdi translate="no">{space.name}</bdi>;
}

/**
 * A space's name: the four fixed spaces in the reader's language, a skill space by its skill
 * (translated when the taxonomy's), with words the caller already has: /community names a space in
 * every row and link, and a `useTranslation` each was a good part of the page's render (decision 153).
 */
export function spaceName(space: Shown | undefined, t: TFunction<"community">) {
  if (!space) return null;
  return fixedSpace(space.id) ? <>{t(`spaces.${space.id}.name`)}</> : <SkillName space={space} />;
}

/** `spaceName` for a component that has no words of its own. */
export function SpaceName({ space }: { space: Shown | undefined }) {
  const { t } = useTranslation("community");
  return spaceName(space, t);
}

/** A space's one-line description, in the reader's language. */
export function SpaceDescription({ space }: { space: Shown }) {
  const { t } = useTranslation("community");
  if (fixedSpace(space.id)) return <>{t(`spaces.${space.id}.description`)}</>;
  return <>{interleave((skill) => t("spaces.skill", { skill }), <SkillName space={space} />)}</>;
}

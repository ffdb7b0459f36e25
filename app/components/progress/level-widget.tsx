import type { LevelProgress } from "~/features/progress/levels";
import { useTranslation } from "react-i18next";

/** Level and progress to the next one: the dashboard's level widget and the top of /progress. */
export function LevelWidget({ level }: { level: LevelProgress }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-4">
      <div
        className="grid h-14 w-14 place-items-center rounded-full bg-brand-600 text-xl font-bold text-white"
        aria-label={t("level.label", { level: level.level })}
      >
        {level.level}
      </div>
      <div className="flex-1">
        <p className="text-sm font-medium text-slate-900" data-testid="level-summary">
          {t("level.summary", { level: level.level, xp: level.xp })}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-valuemin={level.levelStartXp}
          aria-valuemax={level.nextLevelXp}
          aria-valuenow={level.xp}
          aria-label={t("level.progress")}
        >
          <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(level.progress * 100)}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-500">
          {t("level.toNext", { xp: level.nextLevelXp - level.xp, next: level.level + 1 })}
        </p>
      </div>
    </div>
  );
}

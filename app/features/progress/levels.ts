/**
 * Level thresholds in xp. Level n starts at LEVEL_THRESHOLDS[n - 1]; past the table each level
 * costs the last step again, so there is always a next level to work towards.
 */
export const LEVEL_THRESHOLDS = [0, 100, 250, 500, 1_000, 1_750, 2_750, 4_000, 5_500, 7_500] as const;

export interface LevelProgress {
  level: number;
  xp: number;
  levelStartXp: number;
  nextLevelXp: number;
  /** 0..1 of the way from this level to the next. */
  progress: number;
}

function thresholdOf(level: number): number {
  if (level <= LEVEL_THRESHOLDS.length) return LEVEL_THRESHOLDS[level - 1];
  const last = LEVEL_THRESHOLDS[LEVEL_THRESHOLDS.length - 1];
  const step = last - LEVEL_THRESHOLDS[LEVEL_THRESHOLDS.length - 2];
  return last + step * (level - LEVEL_THRESHOLDS.length);
}

export function levelFor(rawXp: number): LevelProgress {
  const xp = Number.isFinite(rawXp) && rawXp > 0 ? Math.floor(rawXp) : 0;
  let level = 1;
  while (thresholdOf(level + 1) <= xp) level += 1;
  const levelStartXp = thresholdOf(level);
  const nextLevelXp = thresholdOf(level + 1);
  return { level, xp, levelStartXp, nextLevelXp, progress: (xp - levelStartXp) / (nextLevelXp - levelStartXp) };
}

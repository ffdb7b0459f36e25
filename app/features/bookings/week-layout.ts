/**
 * The calendar's week view: where each session sits on a day's hourly column, in the member's
 * timezone. A session that crosses midnight shows on both days; sessions that overlap share the
 * column side by side. Browser-safe and pure.
 */
import { isoDate, zonedParts } from "~/utils/zoned-time";

const DAY_MINUTES = 24 * 60;

export interface Placed<T> {
  item: T;
  /** Minutes after the day's midnight, wall clock. */
  top: number;
  bottom: number;
  /** Which of `lanes` side-by-side columns it takes. */
  lane: number;
  lanes: number;
}

function wall(ms: number, timeZone: string): { day: string; minute: number } {
  const p = zonedParts(ms, timeZone);
  return { day: isoDate(p.year, p.month, p.day), minute: p.hour * 60 + p.minute };
}

export function placeInWeek<T extends { start: number; end: number }>(
  items: readonly T[],
  days: readonly string[],
  timeZone: string,
): Map<string, Placed<T>[]> {
  const byDay = new Map<string, Placed<T>[]>(days.map((d) => [d, []]));
  for (const item of items) {
    const start = wall(item.start, timeZone);
    const end = wall(item.end, timeZone);
    const sameDay = start.day === end.day;
    byDay
      .get(start.day)
      ?.push({ item, top: start.minute, bottom: sameDay ? end.minute : DAY_MINUTES, lane: 0, lanes: 1 });
    if (!sameDay && end.minute > 0) byDay.get(end.day)?.push({ item, top: 0, bottom: end.minute, lane: 0, lanes: 1 });
  }
  for (const placed of byDay.values()) assignLanes(placed);
  return byDay;
}

/** Greedy lanes within each run of overlapping sessions, so nothing hides another. */
function assignLanes<T>(placed: Placed<T>[]): void {
  placed.sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  let cluster: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const p of placed) {
    if (p.top >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= p.top);
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = p.bottom;
    p.lane = lane;
    cluster.push(p);
    clusterEnd = Math.max(clusterEnd, p.bottom);
  }
  close();
}

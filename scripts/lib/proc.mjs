// What a benchmark reads about the server's processes from /proc (Linux only).
import { readFileSync } from "node:fs";

/** CPU ticks (user + system) of a process and all its descendants; null where /proc is missing. USER_HZ is 100: a tick is 10 ms. */
export function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    let ticks = Number(fields[11]) + Number(fields[12]);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) ticks += cpuTicks(Number(child)) ?? 0;
    return ticks;
  } catch {
    return null;
  }
}

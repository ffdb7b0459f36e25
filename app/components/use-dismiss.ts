import { useEffect, type RefObject } from "react";

/** Closes a popup on a click outside `ref` or on Escape (then focus goes back to its trigger). */
export function useDismiss(ref: RefObject<HTMLElement>, open: boolean, close: (reason: "outside" | "escape") => void) {
  useEffect(() => {
    if (!open) return;
    function onPointer(event: MouseEvent | TouchEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) close("outside");
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") close("escape");
    }
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("touchstart", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("touchstart", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref, open, close]);
}

import { useCallback, useEffect, useId, useRef, useState } from "react";

type CloseReason = "outside" | "escape" | "select";

/**
 * A header popup's state (wallet dropdown, profile menu): open and closed, closed again by a
 * click outside `root` or by Escape, which also puts focus back on the `trigger`.
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((reason: CloseReason) => {
    setOpen(false);
    if (reason === "escape") trigger.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: MouseEvent | TouchEvent) {
      if (root.current && !root.current.contains(event.target as Node)) close("outside");
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
  }, [open, close]);

  return { open, setOpen, toggle, close, root, trigger, panelId };
}

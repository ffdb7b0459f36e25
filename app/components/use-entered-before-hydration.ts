import { useEffect, type RefObject } from "react";
import { textTypedBeforeHydration } from "./typed-before-hydration";

/**
 * What a person entered in a form before the page's scripts ran. React 18 hydrates controlled
 * fields with their state from the server and leaves the DOM as the person left it, so the page
 * shows a choice its state does not hold (a ticked slot with "Request booking" still disabled), and
 * React puts the server's value back at the field's next render (which, in a form that renders
 * again once hydrated, is at once). Once, after hydration, the form's values are handed to `adopt`,
 * which puts what differs into state.
 */
export function useEnteredBeforeHydration(form: RefObject<HTMLFormElement>, adopt: (entered: FormData) => void): void {
  // Only the first render's DOM can hold what was entered before hydration.
  useEffect(() => {
    if (!form.current) return;
    const entered = new FormData(form.current);
    for (const area of form.current.querySelectorAll("textarea")) {
      const text = textTypedBeforeHydration(area);
      if (text !== undefined && area.name) entered.set(area.name, text);
    }
    adopt(entered);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

import { useEffect, type RefObject } from "react";

/**
 * Radio buttons a person ticked before the page's scripts ran. React 18 hydrates a controlled
 * radio with its state from the server (nothing ticked) and leaves the DOM ticked, so the page
 * shows a choice its state does not hold (a "Request booking" that stays disabled), and React
 * unticks it at its next render. Once, after hydration, the form's ticked radios are handed to
 * `adopt` (name → value), which puts them into state.
 */
export function useTickedBeforeHydration(
  form: RefObject<HTMLFormElement>,
  adopt: (ticked: Record<string, string>) => void,
): void {
  // Only the first render's DOM can hold a choice made before hydration.
  useEffect(() => {
    const ticked: Record<string, string> = {};
    for (const radio of form.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked') ?? [])
      ticked[radio.name] = radio.value;
    if (Object.keys(ticked).length > 0) adopt(ticked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

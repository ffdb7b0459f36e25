import { Fragment, type ReactNode } from "react";

const MARK = "\u2063";

/**
 * A translated sentence with elements inside it, wherever the language puts them: `translate` is the
 * t() call given a mark for the first element's placeholder; the text is split at the marks and the
 * elements go in their places. More elements come with their own marks.
 */
export function interleave(
  translate: (mark: string) => string,
  element: ReactNode,
  ...more: { mark: string; element: ReactNode }[]
): ReactNode {
  const parts: { mark: string; element: ReactNode }[] = [{ mark: MARK, element }, ...more];
  let pieces: ReactNode[] = [translate(MARK)];
  for (const part of parts) {
    pieces = pieces.flatMap((piece) => {
      if (typeof piece !== "string") return [piece];
      const [first = "", ...rest] = piece.split(part.mark);
      return [first, ...rest.flatMap((after) => [part.element, after])];
    });
  }
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>{piece}</Fragment>
      ))}
    </>
  );
}

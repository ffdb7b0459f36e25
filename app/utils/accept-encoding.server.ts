/**
 * Whether a request's Accept-Encoding lets server.mjs send an answer in a content coding (gzip, br),
 * as RFC 9110 §12.5.3 reads the field: the coding named with a weight above 0, or, when it is not
 * named, `*` with a weight above 0. `br;q=0` refuses Brotli, `*;q=0` every coding not named. A
 * weight that is no number refuses too: the plain answer is the one every client reads. Without the
 * field the answer goes uncompressed, as it always has (decision 108).
 */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: string): boolean {
  let named: number | undefined;
  let anyCoding: number | undefined;
  for (const entry of (acceptEncoding ?? "").split(",")) {
    const [name, ...parameters] = entry.split(";").map((part) => part.trim());
    const weight = weightOf(parameters);
    if (name.toLowerCase() === coding) named = weight;
    else if (name === "*") anyCoding = weight;
  }
  return (named ?? anyCoding ?? 0) > 0;
}

/** An entry's `q` (1 when it has none); NaN, so refused, when it is not a number. */
function weightOf(parameters: string[]): number {
  const q = parameters.find((parameter) => /^q\s*=/i.test(parameter));
  if (q === undefined) return 1;
  const value = q.slice(q.indexOf("=") + 1).trim();
  return /^\d+(\.\d*)?$/.test(value) ? Number(value) : NaN;
}

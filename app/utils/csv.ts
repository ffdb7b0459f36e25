/**
 * CSV (RFC 4180) for files a person opens in a spreadsheet: the admin's exports and the member's
 * data archive. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return at
 * the start) and are text, not numbers, get a leading apostrophe, so text a member wrote (a name, a
 * reason, a message) cannot become a formula on the machine of whoever opens the file.
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its line end, for writing a file a row at a time. */
export function csvLine(row: readonly unknown[]): string {
  return row.map(cell).join(",") + "\r\n";
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map(csvLine).join("");
}

/** The header and then each row as it comes, so a large file is never held whole in memory. */
export async function* csvLines(
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const row of rows) yield csvLine(row);
}

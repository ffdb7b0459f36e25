/**
 * CSV (RFC 4180) for exports an admin opens in a spreadsheet. Cells that a spreadsheet would run
 * as a formula (=, +, -, @, tab, carriage return at the start) and are text, not numbers, get a leading apostrophe, so text a
 * member wrote (a name, a reason) cannot become a formula on an admin's machine.
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

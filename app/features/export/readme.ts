/**
 * README.html of the member's data archive: what each file holds, readable by a person who opens
 * it in a browser (no scripts, no outside resources). Pure.
 */
import { escapeHtml } from "~/features/mail/templates";

export interface ReadmeFile {
  name: string;
  title: string;
  description: string;
  /** Rows in the file (the CSV's lines after its header). */
  rows?: number;
}

export interface ReadmeFacts {
  memberName: string;
  email: string;
  createdAt: number;
  balance: number;
  files: readonly ReadmeFile[];
  pictures: readonly string[];
}

export function readmeHtml(f: ReadmeFacts): string {
  const when = new Date(f.createdAt).toISOString().replace("T", " ").slice(0, 16);
  const rows = f.files
    .map(
      (file) =>
        `<tr><th scope="row">${escapeHtml(file.title)}</th><td><a href="${escapeHtml(file.name)}.json">${escapeHtml(file.name)}.json</a><br><a href="${escapeHtml(file.name)}.csv">${escapeHtml(file.name)}.csv</a></td><td>${file.rows ?? 0}</td><td>${escapeHtml(file.description)}</td></tr>`,
    )
    .join("\n");
  const pictures = f.pictures.length
    ? `<ul>${f.pictures.map((p) => `<li><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></li>`).join("")}</ul>`
    : "<p>You have not uploaded a picture.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your SkillSwap data</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.5;color:#111827;max-width:60rem;margin:0 auto;padding:1.5rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb;padding:.5rem}th{font-weight:600}a{color:#1d4ed8}td a{white-space:nowrap}</style>
</head><body>
<h1>Your SkillSwap data</h1>
<p>This archive holds what SkillSwap keeps about ${escapeHtml(f.memberName || "you")} (${escapeHtml(f.email)}), made on ${when} UTC. Your wallet's balance then was <strong>${f.balance} SP</strong>.</p>
<p>Each area comes twice with the same fields: a <strong>.json</strong> file for programs and a <strong>.csv</strong> file that opens in a spreadsheet (UTF-8, comma-separated; a cell that starts with =, +, - or @ has an apostrophe in front so that it is not run as a formula). Times are in UTC (ISO 8601). Other members appear by the name they show; members who deleted their account appear as “Deleted member”.</p>
<table>
<thead><tr><th scope="col">Area</th><th scope="col">Files</th><th scope="col">Rows</th><th scope="col">What it holds</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Pictures</h2>
<p>Your profile picture in each size SkillSwap keeps (WebP, without any metadata).</p>
${pictures}
<h2>Questions</h2>
<p>Devices and push subscriptions: SkillSwap keeps none. If something you expected is missing, or you want something corrected or erased, write to the operator of this SkillSwap.</p>
</body></html>
`;
}

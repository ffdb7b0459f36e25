/** What an admin action answered: a success announced politely, a refusal as an alert. */
export function AdminActionResult({
  result,
}: {
  result: { ok: true; message: string } | { ok: false; formError?: string } | undefined;
}) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`rounded-lg px-4 py-3 text-sm ${result.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
    >
      {result.ok ? result.message : result.formError}
    </p>
  );
}

/**
 * Firebase mode, in the browser: a custom token for the session's member (POST /api/custom-token),
 * which the client SDK signs in with. The session cookie stays the one credential that outlives a
 * page; the live islands and the password change each sign their SDK in with one of these.
 */
export async function fetchClientToken(): Promise<{ token: string; uid: string }> {
  const response = await fetch("/api/custom-token", { method: "POST", credentials: "same-origin" });
  if (!response.ok) throw new Error(`The client sign-in token was refused: ${response.status}`);
  return (await response.json()) as { token: string; uid: string };
}

import { describe, expect, it } from "vitest";
import { createToastCookie, readToast, redirectWithToast } from "./toast.server";

const requestWith = (cookie: string) => new Request("http://localhost/auth", { headers: { Cookie: cookie } });
const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("flash toasts", () => {
  it("reads the toast once and clears it in the same response", async () => {
    const setCookie = await createToastCookie({
      type: "success",
      title: "Your password was changed. Sign in with the new one.",
    });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const { toast, setCookie: clearing } = await readToast(requestWith(pair(setCookie)));
    expect(toast).toEqual({ type: "success", title: "Your password was changed. Sign in with the new one." });
    expect(clearing).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("ignores a tampered cookie and sends nothing when there is no toast", async () => {
    const setCookie = pair(await createToastCookie({ type: "info", title: "Your account was deleted." }));
    const [name, value] = setCookie.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    expect((await readToast(requestWith(tampered))).toast).toBeNull();
    expect(await readToast(requestWith("other=1"))).toEqual({ toast: null, setCookie: null });
  });

  it("keeps the redirect's own Set-Cookie header beside the toast's", async () => {
    const response = await redirectWithToast(
      "/auth",
      { type: "info", title: "Bye" },
      { headers: { "Set-Cookie": "skillswap_session=; Max-Age=0" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^skillswap_session=/);
    expect(cookies[1]).toMatch(/^skillswap_toast=/);
  });
});

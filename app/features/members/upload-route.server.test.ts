import { describe, expect, it } from "vitest";
import { mayUpload } from "./upload-route.server";

const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

/** server.mjs's question before it reads a body (signed-in uploads: tests/e2e/body-limits.test.ts). */
describe("mayUpload", () => {
  it("is no for anything but a multipart post to /profile", async () => {
    expect(await mayUpload(request("/auth", { method: "POST", headers: multipart }))).toBe(false);
    expect(await mayUpload(request("/profile/", { method: "POST", headers: multipart }))).toBe(false);
    expect(await mayUpload(request("/profile", { method: "PUT", headers: multipart }))).toBe(false);
    expect(
      await mayUpload(
        request("/profile", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      ),
    ).toBe(false);
  });
  it("is no for a visitor who is not signed in", async () => {
    expect(await mayUpload(request("/profile", { method: "POST", headers: multipart }))).toBe(false);
    expect(await mayUpload(request("/profile.data", { method: "POST", headers: multipart }))).toBe(false);
  });
});

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
} from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, postOnly, readForm } from "./forms.server";

const BOUNDARY = "----forms-test";
const post = (body: BodyInit | undefined, contentType?: string) =>
  new Request("http://localhost:3000/x", {
    method: "POST",
    headers: { Origin: "http://localhost:3000", ...(contentType && { "Content-Type": contentType }) },
    body,
  });

const notForms = () => [
  post('{"intent":"save"}', "application/json"),
  post(undefined),
  post("intent=save", "text/plain"),
  post(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa`,
    `multipart/form-data; boundary=${BOUNDARY}`,
  ),
];

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("readForm (issue 25, item 4)", () => {
  it("reads a form, urlencoded or multipart", async () => {
    expect((await readForm(post("intent=save", "application/x-www-form-urlencoded"))).get("intent")).toBe("save");
    const form = new FormData();
    form.set("intent", "save");
    expect((await readForm(post(form))).get("intent")).toBe("save");
  });

  it("reads a urlencoded body from its stream as formData() reads it (decision 204)", async () => {
    const bodies = [
      "intent=save",
      "text=caf%C3%A9+%26+cr%C3%A8me%21&text=second&empty=&=nameless&flag",
      "\uFEFFtext=after+a+byte+order+mark",
      "a=%ZZ&b=%E2%82&c=\u00e9\u{1F600}&d=1%2B1",
      "",
    ];
    const types = [
      "application/x-www-form-urlencoded",
      "Application/X-WWW-Form-URLEncoded;charset=UTF-8",
      "application/x-www-form-urlencoded ; charset=utf-8",
    ];
    for (const contentType of types)
      for (const body of [...bodies, new Uint8Array([0x74, 0x3d, 0xff, 0xfe, 0x61])]) {
        const chunked = new ReadableStream<Uint8Array>({
          start(controller) {
            const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
            controller.enqueue(bytes.slice(0, 3));
            controller.enqueue(bytes.slice(3));
            controller.close();
          },
        });
        const streamed = new Request("http://localhost:3000/x", {
          method: "POST",
          headers: { Origin: "http://localhost:3000", "Content-Type": contentType },
          body: chunked,
          duplex: "half",
        } as RequestInit);
        const expected = [...(await post(body, contentType).formData())];
        expect([...(await readForm(post(body, contentType)))], `${contentType}: ${String(body)}`).toEqual(expected);
        expect([...(await readForm(streamed))], `${contentType}, in two chunks: ${String(body)}`).toEqual(expected);
      }
    const read = post("intent=save", "application/x-www-form-urlencoded");
    await read.text();
    expect(((await thrownBy(readForm(read))) as Response).status).toBe(400);
  });

  it("answers a body that is not a form with a 400 and a message, never a 500", async () => {
    for (const request of notForms()) {
      const thrown = await thrownBy(readForm(request));
      expect(thrown, request.headers.get("Content-Type") ?? "no content type").toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).json()).toEqual({
        ok: false,
        error: "This form could not be read. Reload the page and send it again.",
      });
    }
  });

  it("reads an upload with its handler, and leaves a part over its size to the caller", async () => {
    const form = new FormData();
    form.set("avatar", new Blob([new Uint8Array(2048)]), "a.png");
    const thrown = await thrownBy(readForm(post(form), unstable_createMemoryUploadHandler({ maxPartSize: 1024 })));
    expect(thrown).toBeInstanceOf(MaxPartSizeExceededError);
    const cut = notForms()[3]!;
    expect(((await thrownBy(readForm(cut, unstable_createMemoryUploadHandler({})))) as Response).status).toBe(400);
  });

  it("leaves no file behind for an upload cut off on the way, and keeps a whole one for the caller", async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), "forms-test-"));
    try {
      const handler = unstable_createFileUploadHandler({ directory, maxPartSize: 1024 * 1024 });
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const cut = post(`${head}${"x".repeat(50_000)}`, `multipart/form-data; boundary=${BOUNDARY}`);
      expect(((await thrownBy(readForm(cut, handler))) as Response).status).toBe(400);
      expect(readdirSync(directory)).toEqual([]);

      const whole = post(`${head}${"x".repeat(5)}\r\n--${BOUNDARY}--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`);
      expect((await readForm(whole, handler)).get("avatar")).toMatchObject({ size: 5 });
      expect(readdirSync(directory)).toHaveLength(1);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("checks the origin first", async () => {
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(((await thrownBy(readForm(request))) as Response).status).toBe(403);
  });
});

describe("parseForm", () => {
  it("turns a body that is not a form into the form's 400 failure", async () => {
    for (const request of notForms()) {
      const parsed = await parseForm(request, z.object({ intent: z.string() }));
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.failure.init?.status).toBe(400);
        expect(parsed.failure.data.formError).toBe("This form could not be read. Reload the page and send it again.");
      }
    }
  });

  it("answers in the member's language over the browser's, a namespaced schema key included", async () => {
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      headers: {
        Origin: "http://localhost:3000",
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept-Language": "en-GB",
      },
      body: "timezone=Mars%2FOlympus",
    });
    const schema = z.object({ timezone: z.string().refine(() => false, "profile:validation.chooseTimezone") });
    const parsed = await parseForm(request, schema, { language: "fr" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.failure.data.fieldErrors.timezone).toBe("Choisissez un fuseau horaire dans la liste.");
  });
});

describe("postOnly", () => {
  it("answers a GET of a route that takes only posts with 405 and Allow: POST", async () => {
    const response = postOnly();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(await response.json()).toEqual({ ok: false, error: "Use POST." });
  });
});

/** The board's refusals and answers in the member's language (issue 30, decision 070): English word for word, Spanish, French, Arabic. */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { useTempStore } from "../../../tests/support/temp-store";
import { fixedT } from "~/i18n/i18n.server";
import { issueText } from "~/i18n/validation";
import { boardRefusal } from "./errors.server";
import { runMineAction } from "./mine-action.server";
import { postFormSchema } from "./rules";
import { createBoardPost } from "./write.server";

const { store } = useTempStore("board-messages-");

const draft = (over: Record<string, string> = {}) => ({
  type: "need",
  skill: "Cooking",
  title: "Help with sourdough bread",
  description: "My starter keeps dying",
  format: "online",
  priceKind: "per_hour",
  sp: "2",
  ...over,
});

/** The schema's messages for a draft, by field, as parseForm writes them in `language`. */
function refusals(over: Record<string, string>, language: string): Record<string, string> {
  const result = postFormSchema.safeParse(draft(over));
  const t = fixedT(language, "board");
  return Object.fromEntries(
    (result.error as z.ZodError).issues.map((issue) => [issue.path.join("."), issueText(issue, t)]),
  );
}

describe("the post form's checks", () => {
  // The price, place and days are checked once every field reads (zod's object refinement).
  const bad = { sp: "5000", days: "200", format: "in_person", area: "" };

  it("read in English as before", () => {
    expect(refusals({ title: "Hi" }, "en").title).toBe("Give it a title of at least 5 characters.");
    expect(refusals(bad, "en")).toEqual({
      area: "Say where you can meet: a town or district.",
      sp: "Give a whole number of SP from 1 to 1000.",
      days: "A post stays on the board from 1 to 90 days.",
    });
    expect(refusals({ description: "x".repeat(5_001) }, "en").description).toBe(
      "Keep the description to 5,000 characters.",
    );
  });

  it("read in Spanish, French and Arabic, with their figures", () => {
    expect(refusals({ title: "Hi" }, "es").title).toBe("Ponle un título de al menos 5 caracteres.");
    expect(refusals(bad, "es")).toEqual({
      area: "Indica dónde podéis quedar: una ciudad o un barrio.",
      sp: "Indica un número entero de SP entre 1 y 1000.",
      days: "Un anuncio permanece en el tablón entre 1 y 90 días.",
    });
    expect(refusals({ title: "Hi" }, "fr").title).toBe("Donnez-lui un titre d’au moins 5 caractères.");
    expect(refusals(bad, "fr").sp).toBe("Indiquez un nombre entier de SP entre 1 et 1000.");
    // Arabic counts 5 with the "few" form, 100 with "other".
    expect(refusals({ title: "Hi" }, "ar").title).toBe("اكتب له عنوانًا من 5 أحرف على الأقل.");
    expect(refusals({ title: "x".repeat(101) }, "ar").title).toBe("اجعل العنوان في حدود 100 حرف.");
    expect(refusals({ type: "gift" }, "fr").type).toBe(
      "Indiquez si vous proposez quelque chose ou si vous cherchez quelque chose.",
    );
  });
});

describe("the board's refusals", () => {
  it("keep their English message and are said in the reader's language", () => {
    const full = boardRefusal(409, "tooManyActive", { max: 10 });
    expect(full.message).toBe(
      "You have 10 active posts, the most one member can have. Close or delete one on My posts first.",
    );
    expect(full.textIn("fr")).toBe(
      "Vous avez 10 annonces actives, le maximum pour un membre. Clôturez-en ou supprimez-en une dans Mes annonces d’abord.",
    );
    expect(full.textIn("ar")).toContain("10 إعلانات نشطة");
    const fast = boardRefusal(429, "tooManyHour", { waitMs: 5 * 60_000 });
    expect(fast.message).toBe("You have put up many posts in the last hour. Wait 5 minutes and try again.");
    expect(fast.textIn("es")).toBe(
      "Has publicado muchos anuncios en la última hora. Espera 5 minutos y vuelve a intentarlo.",
    );
    expect(boardRefusal(404, "postNotFound").textIn("ar")).toBe("هذا الإعلان غير موجود أو أُزيل من اللوحة.");
  });
});

describe("My posts' action", () => {
  const answer = async (form: Record<string, string>, language: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.set(k, v);
    return (await runMineAction(store, "ana", body, language)).data;
  };

  it("answers in the member's language: done, refused by the rules, refused by the schema", async () => {
    await store.set("users/ana", { fullName: "Ana", xp: 0, createdAt: 0 });
    const { postId } = await createBoardPost(store, "ana", postFormSchema.parse(draft()), 1_000);
    expect(await answer({ intent: "renew", postId }, "en")).toEqual({
      ok: true,
      message: "Your post is back on the board for 30 days.",
    });
    expect(await answer({ intent: "renew", postId }, "ar")).toEqual({
      ok: true,
      message: "عاد إعلانك إلى اللوحة لمدة 30 يومًا.",
    });
    expect(await answer({ intent: "close", postId }, "fr")).toEqual({
      ok: true,
      message: "Votre annonce est clôturée : elle a quitté le tableau.",
    });
    expect(await answer({ intent: "renew", postId }, "es")).toEqual({
      ok: false,
      error: "Este anuncio está cerrado; publícalo de nuevo para que vuelva al tablón.",
    });
    expect(await answer({ intent: "delete", postId: "no/such" }, "fr")).toEqual({
      ok: false,
      error: "Choisissez une de vos annonces.",
    });
  });
});

import { describe, expect, it } from "vitest";
import { readUser } from "~/documents/users";
import { nameTranslate } from "~/components/members/isolated-name";
import { listedMember, memberName, nameInPlainText, publicMember } from "./member";

const WORDS = { unnamed: "(aún sin nombre)", deleted: "Miembro eliminado" };

describe("memberName says whether the shown name is the member's own (issue 30, decision 110)", () => {
  it("a member's own name, trimmed, is theirs: kept from a browser translator", () => {
    const name = memberName({ fullName: "  Ada Lovelace ", deleted: false }, WORDS);
    expect(name).toEqual({ text: "Ada Lovelace", own: true });
    expect(nameTranslate(name)).toBe("no");
  });

  it("the reader's word for a deleted, gone or unnamed member is not theirs: it may be translated", () => {
    for (const [source, text] of [
      [{ fullName: "Deleted member", deleted: true }, "Miembro eliminado"],
      [null, "Miembro eliminado"],
      [undefined, "Miembro eliminado"],
      [{ fullName: "   ", deleted: false }, "(aún sin nombre)"],
    ] as const) {
      const name = memberName(source, WORDS);
      expect(name).toEqual({ text, own: false });
      expect(nameTranslate(name)).toBeUndefined();
    }
  });
});

describe("nameInPlainText: a name inside a label or a title, where no <bdi> can go (decision 119)", () => {
  it("isolates a member's own name (FSI…PDI) in every language, so it cannot reorder the sentence around it", () => {
    expect(nameInPlainText({ text: "Ana Lee", own: true })).toBe("\u2068Ana Lee\u2069");
    expect(nameInPlainText({ text: "محمد 42", own: true })).toBe("\u2068محمد 42\u2069");
  });

  it("leaves the reader's word for a missing member as it is, translatable with the sentence", () => {
    expect(nameInPlainText({ text: "Miembro eliminado", own: false })).toBe("Miembro eliminado");
  });
});

describe("publicMember carries the flag to every page that draws a member (issue 30, decision 117)", () => {
  it("a member's own name is theirs; a deleted or gone member is called by the reader's word, which is not", () => {
    expect(publicMember("ada", readUser({ fullName: " Ada " }), WORDS).name).toEqual({ text: "Ada", own: true });
    expect(publicMember("ada", readUser({ fullName: "Deleted member", deleted: true }), WORDS).name).toEqual({
      text: "Miembro eliminado",
      own: false,
    });
    expect(publicMember("gone", null, WORDS).name).toEqual({ text: "Miembro eliminado", own: false });
    expect(listedMember("ada", readUser({ fullName: " Ada " }))?.name).toEqual({ text: "Ada", own: true });
  });
});

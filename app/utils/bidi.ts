import { z } from "zod";

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). Typed into a
 * title, a post or a message they make what follows read backwards ("‮gnp.exe" shows as
 * "exe.png"), and an unclosed one runs on into the page around it. Nobody needs them to write:
 * right-to-left scripts lay themselves out, and the marks (U+200E, U+200F, U+061C) stay.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * The start of every schema for text a member types for others to read: a string without
 * bidirectional controls, to chain the field's own transforms and checks onto.
 */
export function userText() {
  return z.string().transform(stripBidiControls);
}

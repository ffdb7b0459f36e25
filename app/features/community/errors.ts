/** A refusal a person can act on, with the HTTP status the action answers. */
export class ForumError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
    this.name = "ForumError";
  }
}

export const THREAD_NOT_FOUND = "This thread does not exist or has been hidden.";
export const POST_NOT_FOUND = "This post does not exist.";

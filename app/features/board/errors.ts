/** A refusal a person can act on, with the HTTP status the action answers. */
export class BoardError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
    this.name = "BoardError";
  }
}

export const POST_NOT_FOUND = "This post does not exist or has been taken off the board.";

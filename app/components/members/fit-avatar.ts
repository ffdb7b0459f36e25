import { MAX_PICTURE_BYTES } from "~/features/members/picture";

/** The longest side worth sending: the server keeps 512 px at most (decision 027); 1024 leaves it room to crop. */
export const AVATAR_MAX_SIDE = 1024;

/** Why the browser could not prepare a picture; the page words it in the member's language. */
export class PictureRefused extends Error {
  constructor(readonly reason: "unreadable" | "tooLarge") {
    super(`picture ${reason}`);
  }
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/**
 * Browser only. Decodes the chosen picture and, when it is larger than needed, draws it smaller as
 * a JPEG (upright, without its metadata), so a phone photo is sent in a fraction of the time. A file
 * the browser cannot decode throws PictureRefused("unreadable"). The server takes a phone photo as it
 * comes too, and re-encodes whatever arrives.
 */
export async function fitAvatar(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PictureRefused("unreadable");
  }
  try {
    const scale = Math.min(1, AVATAR_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= MAX_PICTURE_BYTES) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new PictureRefused("unreadable");
    // JPEG has no transparency: a white background instead of black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.5]) {
      const blob = await canvasBlob(canvas, quality);
      if (blob && blob.size <= MAX_PICTURE_BYTES) return new File([blob], "avatar.jpg", { type: "image/jpeg" });
    }
    throw new PictureRefused("tooLarge");
  } finally {
    bitmap.close();
  }
}

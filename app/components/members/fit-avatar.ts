import { MAX_AVATAR_BYTES } from "~/features/members/image-type";

/** The longest side an avatar needs: it is shown at most at 96 CSS px, 1024 leaves room for any screen. */
export const AVATAR_MAX_SIDE = 1024;
export const UNREADABLE_PICTURE = "This picture could not be read. Choose another JPEG, PNG or WebP file.";

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/**
 * Browser only. Decodes the chosen picture and, when it is over 2 MB or larger than needed, draws
 * it smaller as a JPEG, so a phone photo is accepted instead of refused. A file the browser cannot
 * decode throws with UNREADABLE_PICTURE. The server still checks what arrives.
 */
export async function fitAvatar(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(UNREADABLE_PICTURE);
  }
  try {
    const scale = Math.min(1, AVATAR_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= MAX_AVATAR_BYTES) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new Error(UNREADABLE_PICTURE);
    // JPEG has no transparency: a white background instead of black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.5]) {
      const blob = await canvasBlob(canvas, quality);
      if (blob && blob.size <= MAX_AVATAR_BYTES) return new File([blob], "avatar.jpg", { type: "image/jpeg" });
    }
    throw new Error("The picture is larger than 2 MB. Choose a smaller one.");
  } finally {
    bitmap.close();
  }
}

import "server-only";

// The one reader of a body with a size cap, for requests we serve and answers we fetch. It counts
// the bytes as they stream in, whatever Content-Length claims, and stops reading (cancelling the
// stream) as soon as the cap is passed, so a client cannot make the server hold more than the cap.

/** The whole body, or null once it passes `maxBytes` (each caller answers that its own way). */
export async function readBodyCapped(
  message: Request | Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text (invalid bytes become U+FFFD), or null once it passes `maxBytes`. */
export async function readTextCapped(
  message: Request | Response,
  maxBytes: number,
): Promise<string | null> {
  const bytes = await readBodyCapped(message, maxBytes);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

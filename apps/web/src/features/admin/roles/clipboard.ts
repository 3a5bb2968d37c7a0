/**
 * The system clipboard where the browser grants it (secure context, permission); otherwise the
 * callers fall back to a dialog with a text area the user copies from or pastes into.
 */

/** Whether the text was written to the clipboard. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === "undefined" || !navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The clipboard's text, or null when the browser does not give it. */
export async function readClipboard(): Promise<string | null> {
  try {
    if (typeof navigator === "undefined" || !navigator.clipboard?.readText) return null;
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

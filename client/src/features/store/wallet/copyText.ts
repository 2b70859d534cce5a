/**
 * Copies text to the clipboard where the browser allows it: the Clipboard API exists only in
 * secure contexts, so on plain HTTP copying is unsupported and the caller says so (the spec).
 */
export async function copyText(text: string): Promise<'copied' | 'unsupported' | 'failed'> {
  if (!window.isSecureContext || !navigator.clipboard) return 'unsupported';
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Publish needs a non-empty text that differs from the saved comment. */
export function canPublish(draft: string, saved: string | null | undefined): boolean {
  const text = draft.trim();
  return text.length > 0 && text !== (saved ?? '').trim();
}

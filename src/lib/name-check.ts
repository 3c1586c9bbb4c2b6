/** A name a listener types (a saved mix, an own sound): empty after trimming, or longer than `max` once trimmed. */
export function nameProblem(name: string, max: number): 'empty' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  return trimmed.length > max ? 'tooLong' : null;
}

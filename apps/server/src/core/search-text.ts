import { searchWords } from '@tribes/shared';

/**
 * The folded search column of a text (DESIGN 11.5): its foldText words padded by spaces, so ' word '
 * and ' prefix' patterns find word edges. The search module folds what writes left empty; a repo that
 * writes the source text may fold it at once with this (the same function).
 */
export function searchColumn(text: string): string {
  return ` ${searchWords(text).join(' ')} `;
}

/** The folded words of a query joined by one space ('' when nothing is left): what a column is matched with. */
export function searchPhrase(query: string): string {
  return searchWords(query).join(' ');
}

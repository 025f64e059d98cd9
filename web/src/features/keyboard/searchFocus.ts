const SEARCH_FIELD = 'main [role="search"] input';

let focusOnArrival = false;

/**
 * The palette's 'Search Articles' / 'Search Shared Articles': focuses the screen's search field. A screen without one
 * (Shared, the reader) returns false; the caller goes to the article list, whose field takes the focus it
 * asked for here as it appears.
 */
export function focusSearchField(root: ParentNode = document): boolean {
  const field = root.querySelector<HTMLInputElement>(SEARCH_FIELD);
  if (field) {
    field.focus();
    field.select();
    return true;
  }
  focusOnArrival = true;
  return false;
}

/** True once after a / that found no field: the search field that mounts next takes the focus. */
export function takeSearchFocusRequest(): boolean {
  const asked = focusOnArrival;
  focusOnArrival = false;
  return asked;
}

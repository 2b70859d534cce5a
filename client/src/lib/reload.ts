/** Reloads the page: the way to fetch a newer build's chunks after one failed to load. */
export function reloadPage(): void {
  window.location.reload();
}

// Moves the focus to a heading that has just appeared (a form opened below a button), so keyboard
// and screen-reader users land where the new content starts.
export function focusHeading(id: string): void {
  requestAnimationFrame(() => {
    const heading = document.getElementById(id);
    heading?.focus();
    heading?.scrollIntoView({ block: 'nearest' });
  });
}

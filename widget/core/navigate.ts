// The one place the widgets change the page's location, so tests can observe it instead.
type Navigator = (url: string) => void;

const assignLocation: Navigator = (url) => window.location.assign(url);
let current: Navigator = assignLocation;

export function navigate(url: string): void {
  current(url);
}

/** Replaces the navigator (tests); returns a function that restores the previous one. */
export function setNavigator(next: Navigator): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

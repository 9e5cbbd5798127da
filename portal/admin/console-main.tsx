// The console chunk's entry (portal/main.tsx imports it with import() on /admin only). The page's
// static <main> is replaced by the console's own layout: a banner header and one <main>.
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './console-app.tsx';
import './console.css';
import { ConsoleText } from './console.messages.ts';

export function mountConsole(view: HTMLElement): void {
  document.title = ConsoleText.documentTitle;
  document.body.classList.add('console-page');
  const root = document.createElement('div');
  root.id = 'console';
  view.replaceWith(root);
  createRoot(root).render(<ConsoleApp />);
}

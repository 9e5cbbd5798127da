// The account page's chunk entry (portal/main.tsx imports it with import() on /account only): the
// login page and /home never load it. It wears the console's controls (buttons, fields) with a
// layout of its own, from 320 px to 1280 px.
import { createRoot } from 'react-dom/client';
import { AccountApp } from './account-app.tsx';
import '../admin/console.css';
import './account.css';
import { PageText } from './account.messages.ts';

export function mountAccount(view: HTMLElement): void {
  document.title = PageText.documentTitle;
  document.body.classList.add('console-page', 'account-page');
  const root = document.createElement('div');
  root.id = 'account';
  view.replaceWith(root);
  createRoot(root).render(<AccountApp />);
}

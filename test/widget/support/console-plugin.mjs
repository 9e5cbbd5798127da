// Test-runner plugin: what Chromium itself writes to the page's console, which page code cannot
// read (the [DOM] hints about password fields, for one). A test starts collecting with the server
// command 'console-collect-start' and reads (and clears) what came since with 'console-collect-take'.
export function consoleMessages() {
  /** Collected messages per test session (one browser page each). */
  const collected = new Map();
  return {
    name: 'sso-console-messages',
    async executeCommand({ command, session }) {
      if (command !== 'console-collect-start' && command !== 'console-collect-take') return undefined;
      if (command === 'console-collect-start') {
        if (!collected.has(session.id)) {
          const page = session.browser.getPage(session.id);
          const messages = [];
          collected.set(session.id, messages);
          // Puppeteer reports the Log domain's entries (Chromium's own [DOM] hints) as console events.
          page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
        }
        collected.get(session.id).length = 0;
        return true;
      }
      const messages = collected.get(session.id) ?? [];
      return messages.splice(0, messages.length);
    },
  };
}

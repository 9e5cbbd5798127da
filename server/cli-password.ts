// A password for an admin command: asked on the terminal without echo, or read from standard input
// (its first line) when that is a pipe, so it never stands in argv where `ps` and shell history see it.
import readline from 'node:readline';

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    process.stderr.write(prompt);
    // Echo nothing of what is typed.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const first = await askHidden(prompt);
  const again = await askHidden('再输入一次 / again: ');
  if (first !== again) throw new Error('两次输入的密码不一致 / the two passwords differ');
  return first;
}

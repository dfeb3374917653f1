import { CommandError } from './command-error.js';

/** Reads a password from stdin: typed twice without echo in a terminal, else the first line piped in. */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await hiddenLine(prompt);
  const again = await hiddenLine('the same password again: ');
  if (first !== again) throw new CommandError(['the two passwords differ; nothing changed']);
  return first;
}

async function firstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** One line from the terminal in raw mode, so nothing typed is shown or kept in a history. */
function hiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        // Ctrl-C and Ctrl-D: raw mode turns them into characters.
        if (ch === '\u0003' || ch === '\u0004')
          return finish(new CommandError(['cancelled; nothing changed']));
        text = ch === '\u007f' || ch === '\b' ? [...text].slice(0, -1).join('') : text + ch;
      }
    };
    input.on('data', onData);
  });
}

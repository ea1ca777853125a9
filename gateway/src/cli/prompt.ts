import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@12yards/api';

export interface PromptIO {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
}

const terminalIO: PromptIO = { input: process.stdin, output: process.stdout };

/**
 * Asks for a new password twice without echoing what is typed (not even as asterisks), and returns it when both
 * answers match. On a terminal readline runs in raw mode and would echo each key to its output: that output is
 * muted while an answer is typed, so only the prompts reach the screen. Ctrl-C cancels.
 */
export async function askNewPassword(label: string, io: PromptIO = terminalIO): Promise<string> {
  let muted = false;
  const screen = new Writable({
    write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
      if (!muted) io.output.write(chunk);
      done();
    },
  });
  const rl = createInterface({
    input: io.input,
    output: screen,
    terminal: Boolean(io.input.isTTY),
    historySize: 0,
  });
  // Lines are taken from the iterator, which buffers them: piped input may bring both answers in one chunk.
  const lines = rl[Symbol.asyncIterator]();
  let cancelled = false;
  rl.on('SIGINT', () => {
    cancelled = true;
    rl.close();
  });
  const ask = async (prompt: string) => {
    rl.setPrompt(prompt);
    rl.prompt();
    muted = true;
    try {
      const line = await lines.next();
      if (line.done) throw new Error(cancelled ? 'Cancelled' : 'No password was given');
      return line.value;
    } finally {
      muted = false;
      io.output.write('\n');
    }
  };
  try {
    const first = await ask(
      `Password for ${label} (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters): `,
    );
    const second = await ask('Repeat the password: ');
    if (first !== second) throw new Error('The passwords do not match');
    return first;
  } finally {
    rl.close();
  }
}

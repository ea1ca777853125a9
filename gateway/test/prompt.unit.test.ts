import { PassThrough } from 'node:stream';
import { askNewPassword, type PromptIO } from '../src/cli/prompt';

/** A fake terminal: keys go in, whatever would reach the screen is collected. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: jest.fn() });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24 });
  let screen = '';
  output.on('data', (chunk: Buffer) => (screen += chunk.toString()));
  const type = (text: string) => {
    for (const ch of text) input.write(ch);
  };
  return { io: { input, output } as unknown as PromptIO, type, screen: () => screen };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('admin:create password prompt', () => {
  it('When the password is typed twice on a terminal, then it is returned and never shown', async () => {
    const t = terminal();
    const answer = askNewPassword('alice', t.io);
    await tick();
    expect(t.screen()).toContain('Password for alice (12 to 128 characters): ');
    t.type('correct horse battery\r');
    await tick();
    expect(t.screen()).toContain('Repeat the password: ');
    t.type('correct horse battery\r');
    await expect(answer).resolves.toBe('correct horse battery');
    expect(t.screen()).not.toMatch(/correct|horse|battery|\*/);
  });

  it('When the two answers differ, then it fails without saying what was typed', async () => {
    const t = terminal();
    const answer = askNewPassword('alice', t.io);
    t.type('correct horse battery\r');
    await tick();
    t.type('correct horse batterz\r');
    await expect(answer).rejects.toThrow('The passwords do not match');
    expect(t.screen()).not.toMatch(/correct|horse|batter/);
  });

  it('When Ctrl-C is pressed, then it is cancelled', async () => {
    const t = terminal();
    const answer = askNewPassword('alice', t.io);
    t.type('secret\u0003');
    await expect(answer).rejects.toThrow('Cancelled');
    expect(t.screen()).not.toContain('secret');
  });

  it('When the password is piped in (no terminal), then both lines are read', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answer = askNewPassword('bob', { input, output });
    input.end('piped password 123\npiped password 123\n');
    await expect(answer).resolves.toBe('piped password 123');
  });
});

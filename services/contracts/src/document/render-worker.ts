// The body of one render process (started by bounded-render.ts): fills the template it is sent, answers with the
// document or the template's problem, and exits. Running out of heap or time ends only this process.
import { renderDocx, TemplateProblem, type DocumentData } from './render';

export interface RenderRequest {
  template: Uint8Array;
  data: DocumentData;
}

export type RenderReply =
  | { ok: true; document: Uint8Array }
  | { ok: false; problem: { message: string; details: TemplateProblem['details'] } };

process.once('message', ({ template, data }: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { ok: true, document: renderDocx(Buffer.from(template), data) };
  } catch (err) {
    if (!(err instanceof TemplateProblem)) throw err;
    reply = { ok: false, problem: { message: err.message, details: err.details } };
  }
  process.send!(reply, () => process.exit(0));
});

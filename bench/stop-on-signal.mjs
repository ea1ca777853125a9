// What a bench started (the product, Chromium, a busy process) is stopped when the bench is: on SIGINT or SIGTERM
// each registered stop runs, the last registered first, before the bench exits (130 or 143). Without it a bench
// killed by its caller (a timeout, Ctrl-C in another shell) left the product and the browser running.

const stops = [];
let stopping = false;

/** Registers STOP (sync or async) to run if the bench is interrupted; answers a function that unregisters it. */
export function stopOnSignal(stop) {
  stops.push(stop);
  return () => {
    const i = stops.indexOf(stop);
    if (i >= 0) stops.splice(i, 1);
  };
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, async () => {
    if (stopping) return; // a second signal while stopping: the stops already run
    stopping = true;
    process.stderr.write(`[bench] ${signal}: stopping what the bench started\n`);
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        process.stderr.write(`[bench] stop failed: ${err?.message ?? err}\n`);
      }
    }
    process.exit(code);
  });
}

// Jest globalTeardown of the "contract" project: stops the containers real-servers.setup.mjs started through
// testcontainers (there is no Ryuk reaper image to pull here, so nothing else would).
export default async function globalTeardown() {
  const started = globalThis.__realServerContainers ?? [];
  await Promise.allSettled(started.map((c) => c.stop({ remove: true, removeVolumes: true })));
  if (started.length) process.stderr.write(`\n[contract] stopped ${started.length} containers\n`);
}

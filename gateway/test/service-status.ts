import type { Stack } from '../src/testing';

/**
 * Signs in as the admin (a new session) and sets the 'auctions' service's status through the gateway: the answer,
 * expected with `answered` (200 unless said).
 */
export async function setAuctionsStatus(stack: Stack, status: string, answered = 200) {
  const { agent, csrf } = await stack.login();
  return agent
    .put('/api/admin/service-status/auctions')
    .set('X-CSRF-Token', csrf)
    .send({ status })
    .expect(answered);
}

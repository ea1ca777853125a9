import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from '@12yards/platform';
import type { InstanceSubscriptions } from '../instance-subscription';
import { serviceTargets, type ServiceUrls } from '../proxy';
import { loadServerEntry, PublicPages } from './pages';

/**
 * The page's own stylesheets written into it (style-src allows inline styles): a first visit paints without
 * waiting for another request. A stylesheet not found is left linked.
 */
export function inlineStylesheets(template: string, dist: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const file = join(dist, href);
      return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style>` : tag;
    },
  );
}

/**
 * A server-rendered page paints from its HTML: the scripts that hydrate it are preloaded at low priority, so they
 * never compete with the page itself for the first paint.
 */
export function lowPriorityPreloads(template: string): string {
  return template.replace(
    /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
    '<link rel="modulepreload" fetchpriority="low"',
  );
}

/** web/shell's server entry, built next to its dist by `vite build -c vite.ssr.config.ts`. */
export const serverEntryOf = (shellDist: string) =>
  join(resolve(shellDist), '..', 'dist-server', 'entry-server.cjs');

/**
 * The server-rendered public pages, refreshed by the services' events (registered on `subscriptions`, which the
 * caller starts), or undefined when the shell or its server entry is not built (every route then gets the
 * client-rendered index.html).
 */
export async function publicPages(options: {
  env: ServiceUrls;
  logger: Logger;
  subscriptions?: InstanceSubscriptions;
  shellDist: string;
}): Promise<PublicPages | undefined> {
  const { env, logger, subscriptions, shellDist } = options;
  const entryFile = serverEntryOf(shellDist);
  const index = join(shellDist, 'index.html');
  if (!existsSync(entryFile) || !existsSync(index)) {
    logger.warn(
      { entryFile },
      'the shell server entry is not built: public pages are rendered in the browser',
    );
    return undefined;
  }
  const pages = new PublicPages({
    template: lowPriorityPreloads(inlineStylesheets(readFileSync(index, 'utf8'), shellDist)),
    entry: loadServerEntry(entryFile),
    targets: serviceTargets(env),
    logger,
    subscriptions,
  });
  return pages;
}

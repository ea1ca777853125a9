import type { Router } from 'express';
import { MESSAGE_AWAIT_HOURS, type ContactUnreadCount } from '@12yards/api';
import { partnersRoutes as routes } from '@12yards/api/src/routes/partners';
import {
  contractRoutes,
  entityAccess,
  findPage,
  withVersion,
  type ServiceContext,
  newEntityId,
} from '@12yards/platform';
import { contactDecider } from './decide';
import { contactStreamId } from './events';
import { CONTACT_ORDER, contactRows, contactView } from './projection';

const adminContactView = withVersion(contactView);

export function contactRoutes(ctx: ServiceContext): Router {
  const { infra } = ctx;
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = contactRows(infra.readModels);

  const contacts = entityAccess(ctx, {
    rows,
    streamId: contactStreamId,
    decider: contactDecider,
    name: 'contact message',
  });

  // Public: every field is required; empty ones are a 400, never filled in (DESIGN departure from SPEC 5).
  on(routes.contactSend, async ({ body, req }) => {
    const created = await contacts.write(
      req,
      { type: 'ReceiveMessage', id: newEntityId(req), ...body, at: ctx.clock() },
      { newStream: true },
    );
    return { status: 201, body: contactView(created) };
  });

  // Newest first, one page at a time; filter on status, `q` searches the subject and the sender.
  on(routes.contactList, async ({ query, req, res }) => {
    const { status, q, awaiting, ...page } = query;
    const waitedSince = new Date(ctx.clock().getTime() - MESSAGE_AWAIT_HOURS * 3_600_000).toISOString();
    const list = await findPage(rows, req, res, {
      where: awaiting
        ? // Not responded to, arrived more than 48 hours ago: what the dashboard's figure counts.
          {
            status: status === 'responded' ? { $in: [] } : (status ?? { $ne: 'responded' }),
            createdAt: { $lte: waitedSince },
          }
        : { ...(status && { status }) },
      sort: [...CONTACT_ORDER],
      ...(q && { search: { fields: ['subject', 'name', 'email'], text: q } }),
      page,
    });
    return { status: 200, body: list.map(adminContactView) };
  });

  // The Messages tab's badge: what is unread now, the same after a reload.
  on(routes.contactUnreadCount, async () => {
    const body: ContactUnreadCount = { unread: await rows.count({ status: 'unread' }) };
    return { status: 200, body };
  });

  on(routes.contactUpdate, async ({ params, body, req }) => {
    const command = {
      type: 'ChangeContactStatus',
      id: params.id,
      status: body.status,
      at: ctx.clock(),
    } as const;
    const row = await contacts.write(req, command);
    return { status: 200, body: adminContactView(row), version: row.version };
  });

  return router;
}

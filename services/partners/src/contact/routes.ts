import { Router } from 'express';
import {
  contactListQuery,
  MESSAGE_AWAIT_HOURS,
  contactMessageInput,
  updateContactStatus,
  type ContactUnreadCount,
} from '@12yards/api';
import {
  entityAccess,
  findPage,
  parse,
  requireAdmin,
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
  const router = Router();
  const rows = contactRows(infra.readModels);
  const admin = requireAdmin(ctx.env.INTERNAL_SECRET);

  const contacts = entityAccess(ctx, {
    rows,
    streamId: contactStreamId,
    decider: contactDecider,
    name: 'contact message',
  });

  // Public: every field is required; empty ones are a 400, never filled in (DESIGN departure from SPEC 5).
  router.post('/api/contacts', async (req, res) => {
    const input = parse(contactMessageInput, req.body);
    const created = await contacts.write(
      req,
      { type: 'ReceiveMessage', id: newEntityId(req), ...input, at: ctx.clock() },
      { newStream: true },
    );
    res.status(201).set('Cache-Control', 'no-store').json(contactView(created));
  });

  // Newest first, one page at a time; filter on status, `q` searches the subject and the sender.
  router.get('/api/contacts', admin, async (req, res) => {
    const { status, q, awaiting, ...page } = parse(contactListQuery, req.query);
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
    res.set('Cache-Control', 'no-store').json(list.map(adminContactView));
  });

  // The Messages tab's badge: what is unread now, the same after a reload.
  router.get('/api/admin/contacts/unread-count', admin, async (_req, res) => {
    const body: ContactUnreadCount = { unread: await rows.count({ status: 'unread' }) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.put(
    '/api/admin/contacts/:id',
    admin,
    contacts.editHandler(
      updateContactStatus,
      ({ status }, id, at) => ({ type: 'ChangeContactStatus', id, status, at }),
      adminContactView,
    ),
  );

  return router;
}

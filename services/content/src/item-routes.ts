import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import {
  entityAccess,
  NOT_TRASHED,
  requireAdmin,
  runRequestCommand,
  type Collection,
  type Decider,
  type RunCommandOptions,
  type DomainEvent,
  type ServiceContext,
  type SortKey,
  type TrashableRow,
  type TrashCommand,
  type Where,
} from '@12yards/platform';
import { NO_CACHE, NO_STORE } from './command';

/** A content item kind (news article, FAQ, gallery screenshot): its rows, its trashable aggregate, its form. */
export interface ItemRoutesSpec<Row extends TrashableRow, Fields, Command, View> {
  /** The admin path of the items: PUT and DELETE at `<path>/:id`, POST at `createPath` (by default the same). */
  path: string;
  createPath?: string;
  rows: Collection<Row>;
  streamId(id: string): string;
  decider: Decider<unknown, Command | TrashCommand, DomainEvent>;
  /** What an item is called in a 404. */
  name: string;
  /** The request body as the item's fields (a bad one is a 400). */
  fields(body: unknown): Fields;
  /** The commands that create and update an item with the fields. */
  create(id: string, fields: Fields, at: Date): Command & { id: string };
  update(id: string, fields: Fields, at: Date): Command & { id: string };
  /** The admin's answer for an item (with its version). */
  view(row: Row): View;
  /** Runs after each create or update, before the answer (news: the article's go-live job). */
  afterWrite?(row: Row): Promise<unknown>;
}

/**
 * The admin writes of a content item kind: create (201), update, and delete, which moves the item to the trash
 * (/api/admin/trash restores or purges it). Writes honour If-Match and answer the item with its version as ETag.
 */
export function itemWriteRoutes<Row extends TrashableRow, Fields, Command, View>(
  ctx: ServiceContext<never>,
  spec: ItemRoutesSpec<Row, Fields, Command, View>,
): Router {
  const router = Router();
  const items = entityAccess(ctx, spec);
  const secret = ctx.env.INTERNAL_SECRET;

  const write = async (
    req: Request,
    res: Response,
    command: Command & { id: string },
    options?: RunCommandOptions,
  ) => {
    const row = await items.writeVersioned(req, res, command, options);
    await spec.afterWrite?.(row);
    return spec.view(row);
  };

  router.post(spec.createPath ?? spec.path, requireAdmin(secret), async (req, res) => {
    const fields = spec.fields(req.body);
    const created = await write(req, res, spec.create(randomUUID(), fields, ctx.clock()), {
      newStream: true,
    });
    res.status(201).set('Cache-Control', NO_STORE).json(created);
  });

  router.put(`${spec.path}/:id`, requireAdmin(secret), async (req, res) => {
    const fields = spec.fields(req.body);
    const updated = await write(req, res, spec.update(String(req.params.id), fields, ctx.clock()));
    res.set('Cache-Control', NO_STORE).json(updated);
  });

  router.delete(`${spec.path}/:id`, requireAdmin(secret, 'admin'), async (req, res) => {
    const id = String(req.params.id);
    await runRequestCommand(ctx, req, spec.streamId(id), spec.decider, {
      type: 'MoveToTrash',
      id,
      at: ctx.clock(),
    });
    res.status(204).end();
  });

  return router;
}

/** The two lists of a kind shown whole in the admin's order (FAQs, gallery screenshots). */
export interface SortedListsSpec<Row extends TrashableRow & { isActive: boolean }, PublicView, AdminView> {
  publicPath: string;
  adminPath: string;
  rows: Collection<Row>;
  sort: SortKey<Row>[];
  publicView(row: Row): PublicView;
  adminView(row: Row): AdminView;
}

/** Public: the active items not in the trash (revalidated). Admin: every item not in the trash (never cached). */
export function sortedListRoutes<Row extends TrashableRow & { isActive: boolean }, PublicView, AdminView>(
  ctx: ServiceContext<never>,
  spec: SortedListsSpec<Row, PublicView, AdminView>,
): Router {
  const router = Router();
  const { rows, sort } = spec;
  // Row's constraint has both fields, but TypeScript does not match a literal to a filter over a generic row.
  const active = { isActive: true, ...NOT_TRASHED } as Where<Row>;
  const notTrashed = NOT_TRASHED as Where<Row>;
  router.get(spec.publicPath, async (_req, res) => {
    const list = await rows.find({ where: active, sort });
    res.set('Cache-Control', NO_CACHE).json(list.map(spec.publicView));
  });
  router.get(spec.adminPath, requireAdmin(ctx.env.INTERNAL_SECRET), async (_req, res) => {
    const list = await rows.find({ where: notTrashed, sort });
    res.set('Cache-Control', NO_STORE).json(list.map(spec.adminView));
  });
  return router;
}

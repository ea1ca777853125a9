import type { Request } from 'express';
import {
  entityAccess,
  runRequestCommand,
  type Collection,
  type ContractRoutes,
  type Decider,
  type RunCommandOptions,
  type DomainEvent,
  type ServiceContext,
  type SortKey,
  type Where,
  newEntityId,
} from '@12yards/platform';
import { NOT_TRASHED, type TrashableRow, type TrashCommand } from '@12yards/workbench';
import type { RouteContract } from '@12yards/api/src/routes/contract';

/** A content item kind (news article, FAQ, gallery screenshot): its rows, its trashable aggregate, its form. */
export interface ItemRoutesSpec<Row extends TrashableRow, Input, Fields, Command, View> {
  /** The contracts of the item's create (201), update and delete (to the trash). */
  routes: { create: RouteContract; update: RouteContract; remove: RouteContract };
  rows: Collection<Row>;
  streamId(id: string): string;
  decider: Decider<unknown, Command | TrashCommand, DomainEvent>;
  /** What an item is called in a 404. */
  name: string;
  /** The request body (as the create and update contracts parsed it) as the item's fields. */
  fields(input: Input): Fields;
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
export function itemWriteRoutes<Row extends TrashableRow, Input, Fields, Command, View>(
  ctx: ServiceContext<never>,
  { on }: ContractRoutes,
  spec: ItemRoutesSpec<Row, Input, Fields, Command, View>,
): void {
  const items = entityAccess(ctx, spec);

  const write = async (req: Request, command: Command & { id: string }, options?: RunCommandOptions) => {
    const row = await items.write(req, command, options);
    await spec.afterWrite?.(row);
    return { body: spec.view(row), version: row.version };
  };

  on(spec.routes.create, async ({ body, req }) => {
    // The contract's body schema is the item's input schema (a generic contract types it as unknown).
    const fields = spec.fields(body as Input);
    const command = spec.create(newEntityId(req), fields, ctx.clock());
    return { status: 201, ...(await write(req, command, { newStream: true })) };
  });

  on(spec.routes.update, async ({ params, body, req }) => {
    const fields = spec.fields(body as Input);
    const id = String((params as { id?: string }).id);
    return { status: 200, ...(await write(req, spec.update(id, fields, ctx.clock()))) };
  });

  on(spec.routes.remove, async ({ params, req }) => {
    const id = String((params as { id?: string }).id);
    await runRequestCommand(ctx, req, spec.streamId(id), spec.decider, {
      type: 'MoveToTrash',
      id,
      at: ctx.clock(),
    });
    return { status: 204 };
  });
}

/** The two lists of a kind shown whole in the admin's order (FAQs, gallery screenshots). */
export interface SortedListsSpec<Row extends TrashableRow & { isActive: boolean }, PublicView, AdminView> {
  routes: { public: RouteContract; admin: RouteContract };
  rows: Collection<Row>;
  sort: SortKey<Row>[];
  publicView(row: Row): PublicView;
  adminView(row: Row): AdminView;
}

/** Public: the active items not in the trash (a cached public read). Admin: every item not in the trash. */
export function sortedListRoutes<Row extends TrashableRow & { isActive: boolean }, PublicView, AdminView>(
  { on }: ContractRoutes,
  spec: SortedListsSpec<Row, PublicView, AdminView>,
): void {
  const { rows, sort } = spec;
  // Row's constraint has both fields, but TypeScript does not match a literal to a filter over a generic row.
  const active = { isActive: true, ...NOT_TRASHED } as Where<Row>;
  const notTrashed = NOT_TRASHED as Where<Row>;
  on(spec.routes.public, async () => {
    const list = await rows.find({ where: active, sort });
    return { status: 200, body: list.map(spec.publicView) };
  });
  on(spec.routes.admin, async () => {
    const list = await rows.find({ where: notTrashed, sort });
    return { status: 200, body: list.map(spec.adminView) };
  });
}

import { z } from 'zod';
import { entityType, historyEntry, trashEntityType } from '../workbench';
import { defineRoutes, named, list, none, WRITE } from './contract';

// Requests (their input form) and answers (their output form) of the workbench routes.
const S = {
  historyEntry: named('HistoryEntry', historyEntry),
} as const;

export const workbenchRoutes = defineRoutes({
  history: {
    method: 'get',
    path: '/api/admin/history/{entityType}/{id}',
    tag: 'History',
    summary: "An entity's changes, oldest first, each with its actor, time and field diffs (from its events)",
    access: 'admin',
    params: { entityType, id: z.string().min(1).max(200) },
    paramsValidated: true,
    success: [{ status: 200, description: 'The history', body: list(S.historyEntry) }],
    errors: [404],
  },
  trashRestore: {
    method: 'post',
    path: '/api/admin/trash/{entityType}/{id}/restore',
    tag: 'Trash',
    summary: 'Restore an item from the trash exactly as it was',
    access: 'admin',
    params: { entityType: trashEntityType, id: z.string().min(1).max(200) },
    paramsValidated: true,
    success: [{ status: 204, description: 'Restored', body: none }],
    errors: [404, ...WRITE],
  },
  trashPurge: {
    method: 'delete',
    path: '/api/admin/trash/{entityType}/{id}',
    tag: 'Trash',
    summary: 'Delete an item in the trash for good',
    access: 'admin-role',
    params: { entityType: trashEntityType, id: z.string().min(1).max(200) },
    paramsValidated: true,
    success: [{ status: 204, description: 'Deleted for good', body: none }],
    errors: [404, ...WRITE],
  },
});

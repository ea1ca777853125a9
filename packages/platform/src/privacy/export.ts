import type { Router } from 'express';
import type { ServiceExport } from '@12yards/api';
import { fanOutRoutes } from '@12yards/api/src/routes/fan-out';
import { contractRoutes } from '../http/contract-routes';
import { normalisedEmail, type ErasureSite, type PersonalDataHolder } from './erasure';

type Value = string | number | boolean | null | undefined;

/**
 * A row's fields by their labels, in the labels' order, leaving out those that hold nothing: what a person reads in
 * their export ({ "Name": "Ann Lee", "Email": "ann@..." }).
 */
export function labelledFields<T extends object>(
  row: T,
  labels: Partial<Record<keyof T, string>>,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [field, label] of Object.entries(labels) as [keyof T, string][]) {
    const value = row[field] as Value;
    if (value !== null && value !== undefined && value !== '') out[label] = value;
  }
  return out;
}

/** What this service holds about the person with this email, as an export shows it. */
export async function exportPerson(
  holder: PersonalDataHolder,
  service: string,
  email: string,
  retentionMonths?: number | (() => Promise<number>),
): Promise<ServiceExport> {
  const months = typeof retentionMonths === 'function' ? await retentionMonths() : retentionMonths;
  const records = await holder.find(normalisedEmail(email));
  return {
    service,
    records: records.length ? await holder.describe(records) : [],
    ...(months !== undefined && { retentionMonths: months }),
  };
}

/**
 * `GET /internal/privacy/export?email=...` of one service (admin role): what the gateway composes; with the months
 * of the service's retention sweep when it has one.
 */
export function exportRoutes(
  site: Pick<ErasureSite, 'env'>,
  holder: PersonalDataHolder,
  service: string,
  retentionMonths?: number | (() => Promise<number>),
): Router {
  const { router, on } = contractRoutes(site.env.INTERNAL_SECRET);
  on(fanOutRoutes.privacyExport, async ({ query: { email } }) => ({
    status: 200,
    body: await exportPerson(holder, service, email, retentionMonths),
  }));
  return router;
}

import {
  contractFieldNames,
  endDateFor,
  type ContractFields,
  type GenerateContractRequest,
} from '@12yards/api';
import type { PartnerSnapshot } from '../partner-view/events';

export const DEFAULT_LENGTH_MONTHS = 12;
export const DEFAULT_PLATFORM_NAME = '12Yards';

/** The form's names of the fields, for a message an admin can act on. */
export const FIELD_LABELS: Record<(typeof contractFieldNames)[number], string> = {
  companyName: 'company name',
  registrationNumber: 'registration number',
  companyAddress: 'company address',
  clientName: 'client name',
  clientEmail: 'client email',
  clientTelephone: 'client phone',
  clientPosition: 'client position',
  startDate: 'start date',
  endDate: 'end date',
  lengthMonths: 'contract length in months',
  platformName: 'platform name',
  revenueSharePercent: 'revenue share percent',
  pollsPerMonth: 'polls per month',
  auctionsPerMonth: 'auctions per month',
  articlesPerWeek: 'articles per week',
  quizPerMonth: 'quizzes per month',
  setupFee: 'setup fee',
  penaltyFeePerMonth: 'penalty fee per month',
};

const NUMERIC = new Set([
  'lengthMonths',
  'revenueSharePercent',
  'pollsPerMonth',
  'auctionsPerMonth',
  'articlesPerWeek',
  'quizPerMonth',
]);

/** The end date of a term (packages/api, shared with the admin's contract form). */
export { endDateFor };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A contract prefilled from the partner and defaults, with the request's fields on top; `missing` names the
 * required fields still empty (a partner has no registration number, address, phone or fees).
 */
export function prefillContract(
  partner: PartnerSnapshot,
  given: Omit<GenerateContractRequest, 'partnerId'>,
  today: string,
): { candidate: Record<string, unknown> & { partnerId: string }; missing: (keyof typeof FIELD_LABELS)[] } {
  const startDate = given.startDate ?? today;
  const lengthMonths = Number(given.lengthMonths ?? DEFAULT_LENGTH_MONTHS);
  const prefill: Partial<Record<keyof ContractFields, unknown>> = {
    companyName: partner.organization || partner.knownAs || partner.name,
    clientName: partner.name,
    clientEmail: partner.email,
    clientPosition: partner.position,
    startDate,
    lengthMonths,
    endDate:
      /^\d{4}-\d{2}-\d{2}$/.test(startDate) && Number.isInteger(lengthMonths)
        ? endDateFor(startDate, lengthMonths)
        : undefined,
    platformName: DEFAULT_PLATFORM_NAME,
  };
  const provided = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const candidate = { ...prefill, ...provided, partnerId: partner.id };
  const missing = contractFieldNames.filter((f) => !NUMERIC.has(f) && blank(candidate[f]));
  return { candidate, missing };
}

import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  endDateFor,
  type Contract,
  type ContractFields,
  type ContractInput,
  type Partner,
} from '@12yards/api';
import type { ConflictField } from '../../components/EditConflict';
import { localToday } from './badges';

export const NUMBER_FIELDS = [
  ['revenueSharePercent', 'Revenue Share (%)', 0, 50],
  ['pollsPerMonth', 'Polls per Month', 0, undefined],
  ['auctionsPerMonth', 'Auctions per Month', 0, undefined],
  ['articlesPerWeek', 'Articles per Week', 0, undefined],
  ['quizPerMonth', 'Quizzes per Month', 0, undefined],
] as const;

export const blank = (partnerId: string): ContractInput => ({
  partnerId,
  companyName: '',
  registrationNumber: '',
  companyAddress: '',
  clientName: '',
  clientEmail: '',
  clientTelephone: '',
  clientPosition: '',
  startDate: '',
  endDate: '',
  lengthMonths: '',
  platformName: '12Yards',
  revenueSharePercent: 0,
  pollsPerMonth: 0,
  auctionsPerMonth: 0,
  articlesPerWeek: 0,
  quizPerMonth: 0,
  setupFee: '',
  penaltyFeePerMonth: '',
});

export function toForm(c: Contract): ContractInput {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    templateId: _t,
    endedAt: _e,
    ...fields
  } = c as Contract & { templateId?: unknown };
  return fields;
}

/**
 * What "Generate from Template" starts from: the application's names, email and position, a 12-month term from today
 * (as the server's own prefill); the admin fills in what an application does not have.
 */
export function fromApplication(p: Partner): Partial<ContractInput> {
  const startDate = localToday();
  return {
    companyName: p.organization || p.knownAs || p.name,
    clientName: p.name,
    clientEmail: p.email,
    clientPosition: p.position ?? '',
    startDate,
    lengthMonths: 12,
    endDate: endDateFor(startDate, 12),
  };
}

/** The fields of the form as it names them, for a conflict with someone else's save. */
export const CONTRACT_FIELDS: ConflictField<ContractInput>[] = (
  [
    ['companyName', 'Company Name'],
    ['registrationNumber', 'Registration Number'],
    ['companyAddress', 'Company Address'],
    ['clientName', 'Client Name'],
    ['clientEmail', 'Client Email'],
    ['clientTelephone', 'Client Phone'],
    ['clientPosition', 'Client Position'],
    ['startDate', 'Start Date'],
    ['lengthMonths', 'Contract Length (months)'],
    ['endDate', 'End Date'],
    ['platformName', 'Platform Name'],
    ['setupFee', 'Setup Fee'],
    ['penaltyFeePerMonth', 'Penalty Fee per Month'],
    ...NUMBER_FIELDS,
  ] as const
).map(([name, label]) => ({ name, label }));

/** The last day of a term of `months` from `start`, or undefined while either is not (yet) a valid one. */
export function termEnd(start: unknown, months: unknown): string | undefined {
  const n = Number(months);
  if (typeof start !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return undefined;
  return Number.isInteger(n) && n >= 1 && n <= 600 ? endDateFor(start, n) : undefined;
}

/**
 * The end date follows the start date and the length while the admin has not written one of their own: when it is
 * empty, or still what the previous start and length gave, it becomes the last day of the term (1 Jan + 12 months:
 * 31 Dec). A date the admin typed stays.
 */
export function useTermEndFill(form: UseFormReturn<ContractInput, unknown, ContractFields>) {
  const [start, months] = useWatch({ control: form.control, name: ['startDate', 'lengthMonths'] });
  const filled = useRef<string | undefined>(undefined);
  useEffect(() => {
    const end = termEnd(start, months);
    const current = form.getValues('endDate');
    if (end && (current === '' || current === filled.current)) {
      form.setValue('endDate', end, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
    // While a field is half typed (no valid term) the last filled date is still the form's own.
    if (end) filled.current = end;
  }, [start, months, form]);
}

import { z } from 'zod';
import { coercedInt, id, isoDate, requiredText } from './common';

const contractFields = z.object({
  partnerId: id,
  companyName: requiredText('Company name', 300),
  registrationNumber: requiredText('Registration number', 100),
  companyAddress: requiredText('Company address', 1000),
  clientName: requiredText('Client name', 200),
  clientEmail: z.email({ error: 'Client email must be a valid email address' }).trim().max(320),
  clientTelephone: requiredText('Client phone', 50),
  clientPosition: requiredText('Client position', 200),
  startDate: isoDate,
  endDate: isoDate,
  lengthMonths: coercedInt(NaN, 1, 600),
  platformName: requiredText('Platform name', 200),
  revenueSharePercent: coercedInt(0, 0, 50),
  pollsPerMonth: coercedInt(0, 0, 100_000),
  auctionsPerMonth: coercedInt(0, 0, 100_000),
  articlesPerWeek: coercedInt(0, 0, 100_000),
  quizPerMonth: coercedInt(0, 0, 100_000),
  setupFee: requiredText('Setup fee', 100),
  penaltyFeePerMonth: requiredText('Penalty fee per month', 100),
});

export const contractInput = contractFields.refine((c) => c.endDate >= c.startDate, {
  path: ['endDate'],
  message: 'End date must not be before the start date',
});
export type ContractInput = z.input<typeof contractInput>;
export type ContractFields = z.output<typeof contractInput>;

export const contract = contractFields.extend({
  id: z.string(),
  lengthMonths: z.number().int(),
  revenueSharePercent: z.number().int(),
  pollsPerMonth: z.number().int(),
  auctionsPerMonth: z.number().int(),
  articlesPerWeek: z.number().int(),
  quizPerMonth: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Contract = z.infer<typeof contract>;

export const generateContractRequest = z.object({ partnerId: id });

// ---------- templates ----------
export const templateExtensions = ['.doc', '.docx', '.pdf'] as const;
export const templateMeta = z.object({
  name: requiredText('Name', 200),
  validFromDate: isoDate,
});
export type TemplateMeta = z.infer<typeof templateMeta>;
export const templatePatch = templateMeta.partial();

export const contractTemplate = z.object({
  id: z.string(),
  name: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string().optional(),
  size: z.number().int().optional(),
  validFromDate: z.string(),
  createdAt: z.string(),
});
export type ContractTemplate = z.infer<typeof contractTemplate>;
export const SELECT_FILE_MESSAGE = 'Please select a file';

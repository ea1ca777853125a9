import { z } from 'zod';
import { dateLike, emailAddress, entityVersion, id, optionalText, requiredText } from './common';
import { listFlag, pageQuery, searchText } from './pagination';

export const partnerTypes = ['club', 'influencer'] as const;
export const partnerType = z.enum(partnerTypes, { error: "type must be 'club' or 'influencer'" });
export type PartnerType = z.infer<typeof partnerType>;

export const membershipTypes = ['freemium', 'paid'] as const;
export const membershipTypeLabels: Record<(typeof membershipTypes)[number], string> = {
  freemium: 'Freemium',
  paid: 'Paid Subscription',
};

export const partnerStatuses = ['Pending', 'In Progress', 'Partner', 'Approved', 'Rejected'] as const;
export const partnerStatus = z.enum(partnerStatuses, {
  error: `status must be one of ${partnerStatuses.join(', ')}`,
});
export type PartnerStatus = z.infer<typeof partnerStatus>;

export const INFLUENCER_RULE_MESSAGE =
  'For influencers: at least one social media account and total followers are required';
export const SOCIAL_ACCOUNT_MESSAGE = 'Please provide at least one social media account.';
export const TOTAL_FOLLOWERS_MESSAGE = 'Please provide the total number of followers.';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const WEB_ADDRESS_MESSAGE = 'Website must be a valid URL starting with http:// or https://';

const email = emailAddress(EMAIL_MESSAGE);

const applicationFields = z.object({
  name: requiredText('Name', 200),
  email,
  type: partnerType,
  organization: optionalText(200),
  position: optionalText(200),
  webAddress: z
    // http(s) with a domain name only: javascript:, data: and the like never become a link.
    .union([z.literal(''), z.httpUrl({ error: WEB_ADDRESS_MESSAGE }).max(2048)])
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  targetMembers: optionalText(100),
  membershipType: z
    .union([z.literal(''), z.enum(membershipTypes, { error: "membershipType must be 'freemium' or 'paid'" })])
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  message: requiredText('Message', 5000),
  knownAs: optionalText(200),
  twitterAccount: optionalText(200),
  instagramAccount: optionalText(200),
  tiktokAccount: optionalText(200),
  facebookAccount: optionalText(200),
  totalFollowers: optionalText(100),
});

type ApplicationShape = z.output<typeof applicationFields>;

/** Rules that depend on the type: shared by the public form, the admin form and the server. */
function typeRules(v: ApplicationShape, ctx: z.RefinementCtx) {
  if (v.type === 'club') {
    if (!v.organization)
      ctx.addIssue({ code: 'custom', path: ['organization'], message: 'Club name is required' });
    if (!v.position) ctx.addIssue({ code: 'custom', path: ['position'], message: 'Position is required' });
  }
  if (v.type === 'influencer') {
    const hasSocial = [v.twitterAccount, v.instagramAccount, v.tiktokAccount, v.facebookAccount].some(
      Boolean,
    );
    if (!hasSocial || !v.totalFollowers) {
      ctx.addIssue({ code: 'custom', path: ['socialMedia'], message: INFLUENCER_RULE_MESSAGE });
    }
  }
}

/**
 * The type's rules run even when another field is invalid (zod skips a refinement by default then), so a form shows
 * every error at once instead of the type's only in a second round. They need a valid type.
 */
const typeKnown = (payload: { value: unknown }) =>
  partnerType.safeParse((payload.value as { type?: unknown } | null)?.type).success;

export const partnerApplication = applicationFields.superRefine(typeRules, { when: typeKnown });
export type PartnerApplicationInput = z.input<typeof partnerApplication>;
export type PartnerApplication = z.output<typeof partnerApplication>;

/** The admin form: only name, type and email are required; type defaults to club. */
export const adminPartnerInput = applicationFields.extend({
  type: partnerType.default('club'),
  message: optionalText(5000),
});
export type AdminPartnerInput = z.input<typeof adminPartnerInput>;

export const partner = z.object({
  id: z.string(),
  name: z.string(),
  type: partnerType,
  email: z.string(),
  organization: z.string().optional(),
  position: z.string().optional(),
  webAddress: z.string().optional(),
  targetMembers: z.string().optional(),
  membershipType: z.enum(membershipTypes).optional(),
  message: z.string().optional(),
  knownAs: z.string().optional(),
  twitterAccount: z.string().optional(),
  instagramAccount: z.string().optional(),
  tiktokAccount: z.string().optional(),
  facebookAccount: z.string().optional(),
  totalFollowers: z.string().optional(),
  status: partnerStatus,
  statusLocked: z.boolean(),
  activeContracts: z.number().int(),
  createdAt: z.string(),
  version: entityVersion,
});
export type Partner = z.infer<typeof partner>;

export const updatePartnerStatus = z.object({ status: partnerStatus });
export type UpdatePartnerStatus = z.input<typeof updatePartnerStatus>;

/**
 * PUT /api/admin/partners/:id with more than a status: the admin form's fields replace the partner's details
 * (type kept when omitted); a status may come along. A body with only {status} is an updatePartnerStatus.
 */
export const updatePartner = adminPartnerInput.extend({
  type: partnerType.optional(),
  status: partnerStatus.optional(),
});
export type UpdatePartnerInput = z.input<typeof updatePartner>;

// ---------- action items ----------
export const newPartnerAction = z.object({
  actionText: requiredText('Note', 2000), // the Add Note form's field
  // An empty date field means no due date.
  dueDate: z
    .preprocess((v) => (v === '' ? null : v), dateLike.nullable().optional())
    .transform((v) => v ?? null),
});
export type NewPartnerAction = z.input<typeof newPartnerAction>;

export const updatePartnerAction = z
  .object({
    notes: z.string().max(10_000, 'Notes can be at most 10,000 characters').optional().nullable(),
    isCompleted: z.boolean().optional(),
  })
  .refine((v) => v.notes !== undefined || v.isCompleted !== undefined, 'Give notes or isCompleted');
export type UpdatePartnerAction = z.input<typeof updatePartnerAction>;

export const partnerAction = z.object({
  id: z.string(),
  partnerId: z.string(),
  actionText: z.string(),
  dueDate: z.string().nullable(),
  notes: z.string().nullable(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  isOverdue: z.boolean(),
  version: entityVersion,
});
export type PartnerAction = z.infer<typeof partnerAction>;

export const partnerActionCount = z.object({
  partnerId: z.string(),
  openActionsCount: z.number().int(),
  /** Of the open ones, those past their due date (the card's 'N Overdue' badge). */
  overdueActionsCount: z.number().int(),
});
export type PartnerActionCount = z.infer<typeof partnerActionCount>;

// ---------- contact messages ----------
export const contactStatuses = ['unread', 'read', 'responded'] as const;
export const contactMessageInput = z.object({
  name: requiredText('Name', 200),
  email,
  subject: requiredText('Subject', 300),
  message: requiredText('Message', 5000),
});
export type ContactMessageInput = z.input<typeof contactMessageInput>;

/** PUT /api/admin/contacts/:id: any status, back and forth (a message marked read by mistake goes back to unread). */
export const updateContactStatus = z.object({
  status: z.enum(contactStatuses, { error: 'Choose Unread, Read or Responded' }),
});

/** GET /api/admin/contacts/unread-count: how many messages are unread (the Messages tab's badge). */
export const contactUnreadCount = z.object({ unread: z.number().int().min(0) });
export type ContactUnreadCount = z.infer<typeof contactUnreadCount>;

export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(contactStatuses),
  createdAt: z.string(),
  version: entityVersion,
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** GET /api/partners: one page, newest first; `q` searches name, email and organization. */
export const partnerListQuery = pageQuery.extend({
  status: partnerStatus.optional(),
  type: partnerType.optional(),
  q: searchText,
  /** Only the partners with an open action item past its due date (the dashboard's overdue figure). */
  overdue: listFlag('overdue'),
  /** Only this partner (the dashboard's link to the partner of a contract ending soon). */
  id: id.optional(),
});

/** GET /api/contacts: one page, newest first; `q` searches the subject and the sender's name and email. */
export const contactListQuery = pageQuery.extend({
  status: z
    .enum(contactStatuses, { error: `status must be one of ${contactStatuses.join(', ')}` })
    .optional(),
  q: searchText,
  /** Only the messages not responded to that arrived more than 48 hours ago (the dashboard's awaiting figure). */
  awaiting: listFlag('awaiting'),
});

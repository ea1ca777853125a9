import { z } from 'zod';
import { loginRequest, sessionResponse } from './auth';
import { id } from './common';
import { pageQuery } from './pagination';
import {
  faq,
  faqInput,
  galleryInput,
  galleryItem,
  newsArticle,
  newsInput,
  newsListQuery,
  adminNewsListQuery,
  publicGalleryItem,
  setting,
  settingInput,
  settingKey,
} from './content';
import {
  contract,
  contractDocumentJob,
  contractInput,
  contractTemplate,
  contractUpdate,
  generateContractRequest,
  templateListQuery,
  templatePatch,
} from './contracts';
import { mediaFile, mediaFileInput, mediaListQuery, uploadResult } from './media';
import {
  adminPartnerInput,
  contactMessage,
  contactMessageInput,
  newPartnerAction,
  partner,
  partnerAction,
  partnerActionCount,
  partnerApplication,
  partnerListQuery,
  contactListQuery,
  contactUnreadCount,
  updateContactStatus,
  updatePartner,
  updatePartnerAction,
  updatePartnerStatus,
} from './partners';
import { serviceStatus, updateServiceStatus } from './status';
import {
  privacyErasureRequest,
  privacyErasureResult,
  privacyExport,
  privacyExportQuery,
  privacyRetention,
  privacyRetentionRequest,
} from './privacy';
import { endingContract, endingContractsQuery, insights, insightsQuery } from './insights';
import {
  activityEntry,
  activityFeedQuery,
  entityType,
  historyEntry,
  trashEmptied,
  trashEntityType,
  trashItem,
} from './workbench';

/**
 * The one list of the platform's HTTP endpoints as a caller sees them through the gateway: the OpenAPI document is
 * generated from it (./openapi-document), and a gateway test checks it against the routing table and against every
 * Express route of every service, so it cannot drift from the code.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; an admin session (role admin or editor; writes also need X-CSRF-Token); or an admin session
 * with role admin (an editor gets 403).
 */
export type Access = 'public' | 'admin' | 'admin-role';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 416 | 422 | 429 | 503;

/** A named schema: becomes components.schemas[name] (input or output form of the zod schema). */
export interface Named {
  name: string;
  schema: z.ZodType;
}

export type Body =
  | { kind: 'json'; schema: Named }
  | { kind: 'multipart'; file: string; fields?: Named; fileRequired: boolean };

export type SuccessBody =
  | { kind: 'json'; schema: Named | { array: Named } }
  | { kind: 'binary'; contentTypes: string[] }
  | { kind: 'html' }
  | { kind: 'none' };

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/faqs/{id}. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** Path parameters, in the order they appear in the path. */
  params?: Record<string, z.ZodType>;
  /** Validated path parameters (a bad one is a 400, not a 404). */
  paramsValidated?: boolean;
  query?: z.ZodObject;
  body?: Body;
  success: { status: 200 | 201 | 202 | 204; description: string; body: SuccessBody }[];
  /** Error answers besides the ones derived from access, body and query (400, 401, 403, 413). */
  errors?: ErrorStatus[];
  /**
   * The record this operation creates and where it then lives: OpenAPI links from its success answer to the
   * operations under that path (so a fuzzer's stateful phase can use real ids). `from` is the answer's id field.
   */
  creates?: { path: string; from: string };
  /**
   * Optimistic concurrency (see the README): a read answers the entity's version as a strong ETag; a write accepts
   * `If-Match: "<version>"` (a stale one is 412, nothing written) and answers the new version as ETag.
   */
  versioned?: boolean;
}

const named = (name: string, schema: z.ZodType): Named => ({ name, schema });
const json = (schema: Named) => ({ kind: 'json' as const, schema });
const list = (schema: Named) => ({ kind: 'json' as const, schema: { array: schema } });
const none = { kind: 'none' as const };

const idParam = { id };
/** The path parameter of /media/{name}: an uploaded file's stored name. */
const mediaName = z.string().min(1).max(201);

// Request schemas (their input form) and answers (their output form).
const S = {
  login: named('LoginRequest', loginRequest),
  session: named('SessionResponse', sessionResponse),
  serviceStatus: named('ServiceStatus', serviceStatus),
  updateServiceStatus: named('UpdateServiceStatus', updateServiceStatus),
  newsInput: named('NewsInput', newsInput),
  newsArticle: named('NewsArticle', newsArticle),
  faqInput: named('FaqInput', faqInput),
  faq: named('Faq', faq),
  settingInput: named('SettingInput', settingInput),
  setting: named('Setting', setting),
  galleryInput: named('GalleryInput', galleryInput),
  galleryItem: named('GalleryItem', galleryItem),
  publicGalleryItem: named('PublicGalleryItem', publicGalleryItem),
  partnerApplication: named('PartnerApplication', partnerApplication),
  adminPartnerInput: named('AdminPartnerInput', adminPartnerInput),
  updatePartner: named('UpdatePartner', z.union([updatePartnerStatus, updatePartner])),
  updatePartnerStatus: named('UpdatePartnerStatus', updatePartnerStatus),
  partner: named('Partner', partner),
  newPartnerAction: named('NewPartnerAction', newPartnerAction),
  updatePartnerAction: named('UpdatePartnerAction', updatePartnerAction),
  partnerAction: named('PartnerAction', partnerAction),
  partnerActionCount: named('PartnerActionCount', partnerActionCount),
  contactMessageInput: named('ContactMessageInput', contactMessageInput),
  updateContactStatus: named('UpdateContactStatus', updateContactStatus),
  contactMessage: named('ContactMessage', contactMessage),
  contactUnreadCount: named('ContactUnreadCount', contactUnreadCount),
  contractInput: named('ContractInput', contractInput),
  contractUpdate: named('ContractUpdate', contractUpdate),
  generateContract: named('GenerateContractRequest', generateContractRequest),
  contract: named('Contract', contract),
  documentJob: named('ContractDocumentJob', contractDocumentJob),
  templateFields: named(
    'ContractTemplateFields',
    z.object({ name: z.string().min(1).max(200), validFromDate: z.iso.date() }),
  ),
  templatePatch: named('ContractTemplatePatch', templatePatch),
  contractTemplate: named('ContractTemplate', contractTemplate),
  mediaFileInput: named('MediaFileInput', mediaFileInput),
  mediaFile: named('MediaFile', mediaFile),
  uploadResult: named('UploadResult', uploadResult),
  health: named('Health', z.object({ status: z.literal('ok') })),
  readiness: named(
    'Readiness',
    z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.boolean()) }),
  ),
  historyEntry: named('HistoryEntry', historyEntry),
  activityEntry: named('ActivityEntry', activityEntry),
  insights: named('Insights', insights),
  endingContract: named('EndingContract', endingContract),
  trashItem: named('TrashItem', trashItem),
  trashEmptied: named('TrashEmptied', trashEmptied),
  privacyErasureRequest: named('PrivacyErasureRequest', privacyErasureRequest),
  privacyErasureResult: named('PrivacyErasureResult', privacyErasureResult),
  privacyExport: named('PrivacyExport', privacyExport),
  privacyRetention: named('PrivacyRetention', privacyRetention),
  privacyRetentionRequest: named('PrivacyRetentionRequest', privacyRetentionRequest),
  openApi: named('OpenApiDocument', z.object({ openapi: z.string() }).catchall(z.unknown())),
} as const;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOCUMENTS = [DOCX, 'application/msword', 'application/pdf'];

/** A write handled as an event-sourced command: a concurrent change of the same record is a 409. */
const WRITE: ErrorStatus[] = [409];

export const ENDPOINTS: readonly Endpoint[] = [
  // ---------- the gateway itself ----------
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Log in as an admin: sets the session cookie, answers the CSRF token for writes',
    access: 'public',
    body: { kind: 'json', schema: S.login },
    success: [{ status: 200, description: 'Logged in', body: json(S.session) }],
    // 401 wrong credentials, 403 a cross-site Origin, 429 too many attempts
    errors: [401, 403, 429],
  },
  {
    method: 'get',
    path: '/api/auth/me',
    tag: 'Auth',
    summary: 'The logged-in admin and the CSRF token',
    access: 'public',
    success: [{ status: 200, description: 'The session', body: json(S.session) }],
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'End the session (with a session, needs X-CSRF-Token)',
    access: 'public',
    success: [{ status: 204, description: 'Logged out', body: none }],
    errors: [403],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Operations',
    summary: 'This OpenAPI document',
    access: 'public',
    success: [{ status: 200, description: 'The document', body: json(S.openApi) }],
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Operations',
    summary: 'This document as a readable page',
    access: 'public',
    success: [{ status: 200, description: 'An HTML page', body: { kind: 'html' } }],
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Liveness',
    access: 'public',
    success: [{ status: 200, description: 'Alive', body: json(S.health) }],
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness (storage reachable)',
    access: 'public',
    success: [{ status: 200, description: 'Ready', body: json(S.readiness) }],
    errors: [503],
  },

  // ---------- status ----------
  {
    method: 'get',
    path: '/api/service-status',
    tag: 'Service status',
    summary: 'The status of each service of the app',
    access: 'public',
    success: [{ status: 200, description: 'Every service', body: list(S.serviceStatus) }],
  },
  {
    method: 'put',
    path: '/api/admin/service-status/{id}',
    versioned: true,
    tag: 'Service status',
    summary: "Change a service's status",
    access: 'admin',
    params: idParam,
    body: json(S.updateServiceStatus),
    success: [{ status: 200, description: 'The changed status', body: json(S.serviceStatus) }],
    errors: [404, ...WRITE],
  },

  // ---------- news ----------
  {
    method: 'get',
    path: '/api/news',
    tag: 'News',
    summary: 'Published articles whose publish date has come, newest first',
    access: 'public',
    query: newsListQuery,
    success: [{ status: 200, description: 'The articles', body: list(S.newsArticle) }],
  },
  {
    method: 'post',
    path: '/api/news',
    creates: { path: '/api/admin/news/{id}', from: 'id' },
    tag: 'News',
    summary: 'Create an article',
    access: 'admin',
    body: json(S.newsInput),
    success: [{ status: 201, description: 'The article', body: json(S.newsArticle) }],
    errors: WRITE,
  },
  {
    method: 'get',
    path: '/api/admin/news',
    tag: 'News',
    summary: 'Every article, drafts and scheduled ones too (scheduled=true: only those still to go live)',
    access: 'admin',
    query: adminNewsListQuery,
    success: [{ status: 200, description: 'The articles', body: list(S.newsArticle) }],
  },
  {
    method: 'put',
    path: '/api/admin/news/{id}',
    versioned: true,
    tag: 'News',
    summary: 'Replace an article',
    access: 'admin',
    params: idParam,
    body: json(S.newsInput),
    success: [{ status: 200, description: 'The article', body: json(S.newsArticle) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/news/{id}',
    versioned: true,
    tag: 'News',
    summary: 'Move an article to the trash',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Deleted', body: none }],
    errors: [404, ...WRITE],
  },

  // ---------- FAQs ----------
  {
    method: 'get',
    path: '/api/faqs',
    tag: 'FAQs',
    summary: 'Active FAQs in their order',
    access: 'public',
    success: [{ status: 200, description: 'The FAQs', body: list(S.faq) }],
  },
  {
    method: 'get',
    path: '/api/admin/faqs',
    tag: 'FAQs',
    summary: 'Every FAQ',
    access: 'admin',
    success: [{ status: 200, description: 'The FAQs', body: list(S.faq) }],
  },
  {
    method: 'post',
    path: '/api/admin/faqs',
    creates: { path: '/api/admin/faqs/{id}', from: 'id' },
    tag: 'FAQs',
    summary: 'Create a FAQ',
    access: 'admin',
    body: json(S.faqInput),
    success: [{ status: 201, description: 'The FAQ', body: json(S.faq) }],
    errors: WRITE,
  },
  {
    method: 'put',
    path: '/api/admin/faqs/{id}',
    versioned: true,
    tag: 'FAQs',
    summary: 'Replace a FAQ',
    access: 'admin',
    params: idParam,
    body: json(S.faqInput),
    success: [{ status: 200, description: 'The FAQ', body: json(S.faq) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/faqs/{id}',
    versioned: true,
    tag: 'FAQs',
    summary: 'Move a FAQ to the trash',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Deleted', body: none }],
    errors: [404, ...WRITE],
  },

  // ---------- settings ----------
  {
    method: 'get',
    path: '/api/settings/{key}',
    tag: 'Settings',
    summary: 'One site setting, e.g. show_app_gallery',
    access: 'public',
    params: { key: settingKey },
    success: [{ status: 200, description: 'The setting', body: json(S.setting) }],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/admin/settings',
    tag: 'Settings',
    summary: 'Every setting',
    access: 'admin',
    success: [{ status: 200, description: 'The settings', body: list(S.setting) }],
  },
  {
    method: 'get',
    path: '/api/admin/settings/{key}',
    versioned: true,
    tag: 'Settings',
    summary: 'One setting',
    access: 'admin',
    params: { key: settingKey },
    success: [{ status: 200, description: 'The setting', body: json(S.setting) }],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/admin/settings/{key}',
    versioned: true,
    tag: 'Settings',
    summary: 'Set a setting (role admin)',
    access: 'admin-role',
    params: { key: settingKey },
    paramsValidated: true,
    body: json(S.settingInput),
    success: [{ status: 200, description: 'The setting', body: json(S.setting) }],
    errors: WRITE,
  },

  // ---------- app gallery ----------
  {
    method: 'get',
    path: '/api/app-gallery',
    tag: 'App gallery',
    summary: 'Active screenshots in their order',
    access: 'public',
    success: [{ status: 200, description: 'The screenshots', body: list(S.publicGalleryItem) }],
  },
  {
    method: 'get',
    path: '/api/admin/app-gallery',
    tag: 'App gallery',
    summary: 'Every screenshot',
    access: 'admin',
    success: [{ status: 200, description: 'The screenshots', body: list(S.galleryItem) }],
  },
  {
    method: 'post',
    path: '/api/admin/app-gallery',
    creates: { path: '/api/admin/app-gallery/{id}', from: 'id' },
    tag: 'App gallery',
    summary: 'Add a screenshot',
    access: 'admin',
    body: json(S.galleryInput),
    success: [{ status: 201, description: 'The screenshot', body: json(S.galleryItem) }],
    errors: WRITE,
  },
  {
    method: 'put',
    path: '/api/admin/app-gallery/{id}',
    versioned: true,
    tag: 'App gallery',
    summary: 'Replace a screenshot',
    access: 'admin',
    params: idParam,
    body: json(S.galleryInput),
    success: [{ status: 200, description: 'The screenshot', body: json(S.galleryItem) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/app-gallery/{id}',
    versioned: true,
    tag: 'App gallery',
    summary: 'Move a screenshot to the trash',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Removed', body: none }],
    errors: [404, ...WRITE],
  },

  // ---------- partners ----------
  {
    method: 'post',
    path: '/api/partners',
    creates: { path: '/api/admin/partners/{id}', from: 'id' },
    tag: 'Partners',
    summary: 'Apply as a club or influencer (public form, rate limited per address)',
    access: 'public',
    body: json(S.partnerApplication),
    success: [{ status: 201, description: 'The application', body: json(S.partner) }],
    errors: [429, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/partners',
    tag: 'Partners',
    summary: 'Every partner, newest first',
    access: 'admin',
    query: partnerListQuery,
    success: [{ status: 200, description: 'The partners', body: list(S.partner) }],
  },
  {
    method: 'post',
    path: '/api/admin/partners',
    creates: { path: '/api/admin/partners/{id}', from: 'id' },
    tag: 'Partners',
    summary: 'Create a partner from the admin form',
    access: 'admin',
    body: json(S.adminPartnerInput),
    success: [{ status: 201, description: 'The partner', body: json(S.partner) }],
    errors: WRITE,
  },
  {
    method: 'get',
    path: '/api/admin/partners/{id}',
    versioned: true,
    tag: 'Partners',
    summary: 'One partner',
    access: 'admin',
    params: idParam,
    success: [{ status: 200, description: 'The partner', body: json(S.partner) }],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/admin/partners/{id}',
    versioned: true,
    tag: 'Partners',
    summary: "Change a partner's status ({status} alone) or replace its details",
    access: 'admin',
    params: idParam,
    body: json(S.updatePartner),
    success: [{ status: 200, description: 'The partner', body: json(S.partner) }],
    // 409 also when a partner with active contracts would change status
    errors: [404, ...WRITE],
  },
  {
    method: 'put',
    path: '/api/admin/partners/{id}/status',
    versioned: true,
    tag: 'Partners',
    summary: "Change a partner's status",
    access: 'admin',
    params: idParam,
    body: json(S.updatePartnerStatus),
    success: [{ status: 200, description: 'The partner', body: json(S.partner) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/admin/partners/{id}/actions',
    tag: 'Action items',
    summary: "A partner's action items, newest first",
    access: 'admin',
    query: pageQuery,
    params: idParam,
    success: [{ status: 200, description: 'The action items', body: list(S.partnerAction) }],
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/admin/partners/{id}/actions',
    creates: { path: '/api/admin/partners/{id}/actions/{actionId}', from: 'id' },
    tag: 'Action items',
    summary: 'Add an action item to a partner',
    access: 'admin',
    params: idParam,
    body: json(S.newPartnerAction),
    success: [{ status: 201, description: 'The action item', body: json(S.partnerAction) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'put',
    path: '/api/admin/partners/{id}/actions/{actionId}',
    versioned: true,
    tag: 'Action items',
    summary: 'Change the notes or completion of an action item',
    access: 'admin',
    params: { id, actionId: id },
    body: json(S.updatePartnerAction),
    success: [{ status: 200, description: 'The action item', body: json(S.partnerAction) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/admin/partner-action-counts',
    tag: 'Action items',
    summary: 'Partners with open action items and how many',
    access: 'admin',
    success: [{ status: 200, description: 'The counts', body: list(S.partnerActionCount) }],
  },

  // ---------- contact messages ----------
  {
    method: 'post',
    path: '/api/contacts',
    creates: { path: '/api/admin/contacts/{id}', from: 'id' },
    tag: 'Contact messages',
    summary: 'Send a message (public form, rate limited per address)',
    access: 'public',
    body: json(S.contactMessageInput),
    success: [{ status: 201, description: 'The message', body: json(S.contactMessage) }],
    errors: [429, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/contacts',
    tag: 'Contact messages',
    summary: 'Every message, newest first',
    access: 'admin',
    query: contactListQuery,
    success: [{ status: 200, description: 'The messages', body: list(S.contactMessage) }],
  },
  {
    method: 'get',
    path: '/api/admin/contacts/unread-count',
    tag: 'Contact messages',
    summary: 'How many messages are unread',
    access: 'admin',
    success: [{ status: 200, description: 'The count', body: json(S.contactUnreadCount) }],
  },
  {
    method: 'put',
    path: '/api/admin/contacts/{id}',
    versioned: true,
    tag: 'Contact messages',
    summary: 'Mark a message read or responded',
    access: 'admin',
    params: idParam,
    body: json(S.updateContactStatus),
    success: [{ status: 200, description: 'The message', body: json(S.contactMessage) }],
    errors: [404, ...WRITE],
  },

  // ---------- contracts ----------
  {
    method: 'get',
    path: '/api/admin/partners/{id}/contracts',
    tag: 'Contracts',
    summary: "A partner's contracts",
    access: 'admin',
    query: pageQuery,
    params: idParam,
    success: [{ status: 200, description: 'The contracts', body: list(S.contract) }],
    errors: [404, 503],
  },
  {
    method: 'post',
    path: '/api/admin/contracts',
    creates: { path: '/api/admin/contracts/{id}', from: 'id' },
    tag: 'Contracts',
    summary: 'Create a contract',
    access: 'admin',
    body: json(S.contractInput),
    success: [{ status: 201, description: 'The contract', body: json(S.contract) }],
    errors: [404, 503, ...WRITE],
  },
  {
    method: 'post',
    path: '/api/admin/contracts/generate',
    creates: { path: '/api/admin/contracts/{id}', from: 'id' },
    tag: 'Contracts',
    summary: 'Create a contract prefilled from its partner (given fields override the prefill)',
    access: 'admin',
    body: json(S.generateContract),
    success: [{ status: 201, description: 'The contract', body: json(S.contract) }],
    errors: [404, 503, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/admin/contracts/{id}',
    versioned: true,
    tag: 'Contracts',
    summary: 'One contract',
    access: 'admin',
    params: idParam,
    success: [{ status: 200, description: 'The contract', body: json(S.contract) }],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/admin/contracts/{id}',
    versioned: true,
    tag: 'Contracts',
    summary: 'Replace a contract',
    access: 'admin',
    params: idParam,
    body: json(S.contractUpdate),
    success: [{ status: 200, description: 'The contract', body: json(S.contract) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/contracts/{id}',
    versioned: true,
    tag: 'Contracts',
    summary: 'Delete a contract',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Deleted', body: none }],
    errors: [404, ...WRITE],
  },
  {
    method: 'post',
    path: '/api/admin/contracts/{id}/generate-document',
    creates: { path: '/api/admin/contracts/jobs/{jobId}', from: 'jobId' },
    tag: 'Contract documents',
    summary: "Generate a contract's document: the file when done in time, else 202 and the job to poll",
    access: 'admin',
    params: idParam,
    success: [
      { status: 200, description: 'The document', body: { kind: 'binary', contentTypes: DOCUMENTS } },
      { status: 202, description: 'Still being generated', body: json(S.documentJob) },
    ],
    // 422 a template the document cannot be generated from
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/admin/contracts/jobs/{jobId}',
    tag: 'Contract documents',
    summary: 'A document job',
    access: 'admin',
    params: { jobId: id },
    success: [{ status: 200, description: 'The job', body: json(S.documentJob) }],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/admin/contracts/jobs/{jobId}/download',
    tag: 'Contract documents',
    summary: "A finished job's document",
    access: 'admin',
    params: { jobId: id },
    success: [
      { status: 200, description: 'The document', body: { kind: 'binary', contentTypes: DOCUMENTS } },
    ],
    // 409 not finished yet
    errors: [404, 409, 422],
  },

  // ---------- contract templates ----------
  {
    method: 'get',
    path: '/api/admin/contract-templates',
    tag: 'Contract templates',
    summary: 'Every template, latest valid-from date first (q: those whose name or file name holds it)',
    access: 'admin',
    query: templateListQuery,
    success: [{ status: 200, description: 'The templates', body: list(S.contractTemplate) }],
  },
  {
    method: 'post',
    path: '/api/admin/contract-templates',
    creates: { path: '/api/admin/contract-templates/{id}', from: 'id' },
    tag: 'Contract templates',
    summary: 'Upload a template (.doc, .docx or .pdf)',
    access: 'admin',
    body: { kind: 'multipart', file: 'file', fields: S.templateFields, fileRequired: true },
    success: [{ status: 201, description: 'The template', body: json(S.contractTemplate) }],
    errors: [415, 422, ...WRITE],
  },
  {
    method: 'patch',
    path: '/api/admin/contract-templates/{id}',
    versioned: true,
    tag: 'Contract templates',
    summary: "Change a template's name or valid-from date",
    access: 'admin',
    params: idParam,
    body: json(S.templatePatch),
    success: [{ status: 200, description: 'The template', body: json(S.contractTemplate) }],
    errors: [404, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/contract-templates/{id}',
    versioned: true,
    tag: 'Contract templates',
    summary: 'Delete a template',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Deleted', body: none }],
    errors: [404, ...WRITE],
  },
  {
    method: 'get',
    path: '/api/admin/contract-templates/{id}/download',
    tag: 'Contract templates',
    summary: "A template's file",
    access: 'admin',
    params: idParam,
    success: [{ status: 200, description: 'The file', body: { kind: 'binary', contentTypes: DOCUMENTS } }],
    errors: [404],
  },

  // ---------- media ----------
  {
    method: 'get',
    path: '/api/admin/media',
    tag: 'Media',
    summary: 'The media library, newest first (q: the files whose name or alt text holds it)',
    access: 'admin',
    query: mediaListQuery,
    success: [{ status: 200, description: 'The files', body: list(S.mediaFile) }],
  },
  {
    method: 'post',
    path: '/api/admin/media',
    creates: { path: '/api/admin/media/{id}', from: 'id' },
    tag: 'Media',
    summary: 'Add an uploaded file (or an https URL) to the library',
    access: 'admin',
    body: json(S.mediaFileInput),
    success: [{ status: 201, description: 'The library entry', body: json(S.mediaFile) }],
    // 422 a /media/ URL of no uploaded file
    errors: [422, ...WRITE],
  },
  {
    method: 'delete',
    path: '/api/admin/media/{id}',
    versioned: true,
    tag: 'Media',
    summary:
      'Move a library entry to the trash (its file is not served meanwhile; purged, the file goes once nothing points at it)',
    access: 'admin-role',
    params: idParam,
    success: [{ status: 204, description: 'Removed', body: none }],
    errors: [404, ...WRITE],
  },
  ...(['/api/upload', '/api/admin/upload'] as const).map((path): Endpoint => ({
    method: 'post',
    path,
    tag: 'Media',
    creates: { path: '/media/{name}', from: 'filename' },
    summary: 'Upload an image (multipart field file); served from the answered /media/ URL',
    access: 'admin',
    body: { kind: 'multipart', file: 'file', fileRequired: true },
    success: [{ status: 201, description: 'The stored file', body: json(S.uploadResult) }],
    // 415 not a readable image, 422 an image too large to decode
    errors: [415, 422, ...WRITE],
  })),
  {
    method: 'get',
    path: '/media/{name}',
    tag: 'Media',
    summary: 'An uploaded file, or with ?w= one of its resized variants (Range requests honoured)',
    access: 'public',
    params: { name: mediaName },
    query: z.object({ w: z.enum(['480', '1600']).optional() }),
    success: [
      {
        status: 200,
        description: 'The file',
        body: {
          kind: 'binary',
          contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
        },
      },
    ],
    errors: [404, 416],
  },
  // ---------- history and activity (read from the event stores) ----------
  {
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
  {
    method: 'get',
    path: '/api/admin/activity',
    tag: 'History',
    summary:
      'The latest changes across the services, newest first; next page in the Link header; a service that did not answer is named in Activity-Unavailable',
    access: 'admin',
    query: activityFeedQuery,
    success: [{ status: 200, description: 'The changes', body: list(S.activityEntry) }],
    errors: [503],
  },
  // ---------- the dashboard (composed by the gateway from the services' insight projections) ----------
  {
    method: 'get',
    path: '/api/admin/insights',
    tag: 'Insights',
    summary:
      'The dashboard: partners by status and type, applications and partners gained per week (12 weeks), median days to a first contract (90 days), contracts ending within 30/60/90 days, messages awaiting an answer over 48 hours, overdue action items, scheduled articles; now, or with ?at= as it stood at the end of that moment (not in the future). A service that did not answer is named in `unavailable`, its figures null',
    access: 'admin',
    query: insightsQuery,
    success: [{ status: 200, description: 'The figures', body: json(S.insights) }],
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/admin/contracts/ending',
    tag: 'Insights',
    summary:
      "The active contracts ending from today to 30, 60 or 90 days after it (the dashboard's renewals to chase), soonest first, each with its partner",
    access: 'admin',
    query: endingContractsQuery,
    success: [{ status: 200, description: 'The contracts', body: list(S.endingContract) }],
  },
  {
    method: 'get',
    path: '/api/admin/events',
    tag: 'History',
    summary:
      "Live updates (server-sent events): each event's `event:` is its kind (LIVE_EVENT_KINDS), its `data:` a LiveEvent (id, kind, at, entityType, entityId, title), its `id:` for Last-Event-ID on reconnection (replayed, or a `resync` event when no longer held); a comment every 15 s. At most 4 open streams per sign-in (a fifth is refused, 429) and LIVE_MAX_STREAMS per gateway (503 with Retry-After); a stream ends at once when its session ends",
    access: 'admin',
    success: [
      {
        status: 200,
        description: 'The stream',
        body: { kind: 'binary', contentTypes: ['text/event-stream'] },
      },
    ],
    errors: [429, 503],
  },
  // ---------- trash (news, FAQs, gallery screenshots, media; deleted for good after TRASH_RETENTION_DAYS) ----------
  {
    method: 'get',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary:
      'The items in the trash across the services, newest first, each with when it is deleted for good',
    access: 'admin',
    success: [{ status: 200, description: 'The trashed items', body: list(S.trashItem) }],
    errors: [503],
  },
  {
    method: 'delete',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary: 'Empty the trash: every item in it is deleted for good',
    access: 'admin-role',
    success: [{ status: 200, description: 'How many were deleted', body: json(S.trashEmptied) }],
    errors: [503],
  },
  {
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
  {
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
  // ---------- privacy (personal data of applicants, senders of messages and contract clients) ----------
  {
    method: 'post',
    path: '/api/admin/privacy/erasure',
    tag: 'Privacy',
    summary:
      "Erase a person's personal data in every service (their keys deleted, read models and documents scrubbed); recorded under a hash of the email",
    access: 'admin-role',
    body: json(S.privacyErasureRequest),
    success: [{ status: 200, description: 'What each service erased', body: json(S.privacyErasureResult) }],
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/admin/privacy/export',
    tag: 'Privacy',
    summary:
      'Everything every service holds about a person (applications, action items, messages, contracts, document names), as one document',
    access: 'admin-role',
    query: privacyExportQuery,
    success: [{ status: 200, description: 'What each service holds', body: json(S.privacyExport) }],
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/admin/privacy/retention',
    tag: 'Privacy',
    summary:
      'The retention period: months after their last change when applications that never became partners and contact messages are erased automatically',
    access: 'admin',
    success: [{ status: 200, description: 'The period in force', body: json(S.privacyRetention) }],
  },
  {
    method: 'put',
    path: '/api/admin/privacy/retention',
    tag: 'Privacy',
    summary:
      "Set the retention period (1 to 600 months); the partners service's next hourly sweep applies it (the contracts service then erases its record of each expired applicant)",
    access: 'admin-role',
    body: json(S.privacyRetentionRequest),
    success: [{ status: 200, description: 'The period now in force', body: json(S.privacyRetention) }],
  },
];

import { ALL_ROUTES, type RouteContract } from './routes';

export type {
  Access,
  Body,
  Endpoint,
  ErrorStatus,
  HttpMethod,
  Named,
  RouteContract,
  SuccessBody,
} from './routes/contract';

/**
 * The platform's HTTP endpoints as a caller sees them through the gateway: the route contracts of ./routes, which
 * the services mount their handlers on. The OpenAPI document is generated from them (./openapi-document).
 */
export const ENDPOINTS: readonly RouteContract[] = ALL_ROUTES;

/** The tags of the document, in the order it lists them. */
export const TAGS = [
  'Auth',
  'Operations',
  'Service status',
  'News',
  'FAQs',
  'Settings',
  'App gallery',
  'Partners',
  'Action items',
  'Contact messages',
  'Contracts',
  'Contract documents',
  'Contract templates',
  'Media',
  'History',
  'Insights',
  'Trash',
  'Privacy',
] as const;

import { streamSubject, type PersonalDataPolicy } from '@12yards/platform';

/** A contract's fields about its client as a person. */
export const CLIENT_FIELDS = [
  'clientName',
  'clientEmail',
  'clientTelephone',
  'clientPosition',
  'companyAddress',
] as const;

/**
 * The partner's fields this service keeps that are about them as a person (webAddress: only in rows and events
 * recorded before it was left out; erasure and export still cover those).
 */
export const PARTNER_FIELDS = ['name', 'email', 'organization', 'position', 'knownAs', 'webAddress'] as const;

/**
 * The contracts service's personal data, encrypted in its events with a key per data subject: a contract's client
 * (one key per contract stream) and the partner as this service keeps them (one key per partner-view stream).
 */
export const contractsPersonalData: PersonalDataPolicy = {
  ContractCreated: { subject: streamSubject, fields: CLIENT_FIELDS },
  ContractUpdated: { subject: streamSubject, fields: CLIENT_FIELDS },
  PartnerRecorded: {
    subject: streamSubject,
    fields: [
      'partner.name',
      'partner.email',
      'partner.organization',
      'partner.position',
      'partner.knownAs',
      'partner.webAddress',
    ],
  },
};

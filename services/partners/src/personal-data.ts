import { streamSubject, type PersonalDataPolicy } from '@12yards/platform';
import { partnerStreamId } from './partner/events';

/** An applicant's fields that are about them as a person (type, audience and figures are the organisation's). */
export const APPLICANT_FIELDS = [
  'name',
  'email',
  'organization',
  'position',
  'knownAs',
  'webAddress',
  'message',
  'twitterAccount',
  'instagramAccount',
  'tiktokAccount',
  'facebookAccount',
] as const;

/** A contact message's fields: who sent it and what they wrote. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Notes and action items are about the applicant: their partner's key encrypts them, so erasing them shreds these too. */
const aboutPartner = (event: { data: Record<string, unknown> }) =>
  partnerStreamId(String(event.data.partnerId));

/**
 * The partners service's personal data, encrypted in its events with a key per data subject: the applicant (one
 * key per partner stream, which also covers the notes and actions about them) and the sender of a contact message
 * (one key per message).
 */
export const partnersPersonalData: PersonalDataPolicy = {
  PartnerApplicationSubmitted: { subject: streamSubject, fields: APPLICANT_FIELDS },
  PartnerDetailsChanged: { subject: streamSubject, fields: APPLICANT_FIELDS },
  PartnerActionCreated: { subject: aboutPartner, fields: ['actionText'] },
  PartnerActionNotesSaved: { subject: aboutPartner, fields: ['notes'] },
  ContactMessageReceived: { subject: streamSubject, fields: CONTACT_FIELDS },
};

import { membershipTypeLabels, type Partner } from '@12yards/api';

type Details = [label: string, value: string | null | undefined][];

/** What an influencer told about their channels (SPEC section 2), as the card and the details dialog show it. */
export const influencerDetails = (p: Partner): Details => [
  ['Known As', p.knownAs],
  ['Twitter', p.twitterAccount],
  ['Instagram', p.instagramAccount],
  ['TikTok', p.tiktokAccount],
  ['Facebook', p.facebookAccount],
  ['Total Followers', p.totalFollowers],
];

/** What a club told about itself, as the details dialog shows it. */
export const clubDetails = (p: Partner): Details => [
  ['Organization', p.organization],
  ['Position', p.position],
  ['Web Address', p.webAddress],
  ['Target Members', p.targetMembers],
  ['Membership Type', p.membershipType ? membershipTypeLabels[p.membershipType] : null],
];

/** The applicant's own words: an influencer's additional info, a club's message. */
export const messageLabel = (p: Partner) => (p.type === 'influencer' ? 'Additional Info' : 'Message');

import { LegalPage, type LegalSection } from '../components/LegalPage';
import { site } from '../config';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms govern your use of the 12Yards website and the fan-engagement apps we provide on iOS,
        Android and the web (together, the “Services”). By using the Services you agree to them. If you do not
        agree, please do not use the Services.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use the Services',
    body: (
      <>
        <p>You must be at least 13 years old to use the Services.</p>
        <p>
          If you are under 18, you may use the Services only with the consent of a parent or guardian, who
          accepts these terms on your behalf and is responsible for your use.
        </p>
        <p>
          Any betting features are available only to users aged 18 or over, where lawful, and are subject to
          the licensed operator’s own terms.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'The Services',
    body: (
      <p>
        12Yards builds and operates branded apps for football clubs and influencers (“Partners”), with
        features such as polls, points, auctions, quizzes, predictions, games and content. Each Partner
        decides which features its app offers and is responsible for the content it publishes. We may change,
        suspend or withdraw features to improve or secure the Services.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <p>
        Keep your login details secret and tell us at once if you think someone else has used your account.
        You are responsible for activity on your account. We may suspend accounts that break these terms.
      </p>
    ),
  },
  {
    id: 'points',
    title: 'Points, rewards, auctions and predictions',
    body: (
      <ul>
        <li>Points have no cash value, cannot be sold or transferred, and may expire as shown in the app.</li>
        <li>
          Auctions are bid with points only. A winning bid is final; prizes are supplied by the Partner and
          subject to availability.
        </li>
        <li>
          Charity quizzes and prediction donations are made by 12Yards or the Partner to the named charity;
          you are not asked to pay anything.
        </li>
        <li>
          Most-loyal-fan awards based on GPS stadium check-ins use your location only when you choose to check
          in.
        </li>
        <li>We may correct points awarded in error and cancel results obtained by cheating or automation.</li>
      </ul>
    ),
  },
  {
    id: 'partners',
    title: 'Partner applications and commercial terms',
    body: (
      <p>
        Applying to become a Partner does not create a contract. Commercial terms, including the Freemium or
        Paid Subscription model, setup fees, revenue share and content quotas, are set out in a separate
        written agreement. Prices are in pounds sterling (£). If those terms conflict with these, the written
        agreement wins.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>post anything unlawful, abusive, discriminatory, threatening or infringing;</li>
          <li>harass other supporters, players, officials or staff;</li>
          <li>try to gain unauthorised access, disrupt the Services or scrape them by automated means;</li>
          <li>use the Services for advertising or commercial purposes without our written permission.</li>
        </ul>
        <p>We and our Partners may remove content and suspend users who break these rules.</p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and our intellectual property',
    body: (
      <p>
        You keep ownership of what you post, and give us and the relevant Partner a worldwide, royalty-free
        licence to host, display and share it within the Services. The 12Yards name, software and design
        belong to us; club crests and brands belong to their owners. You may not copy or reuse them without
        permission.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services and links',
    body: (
      <p>
        The Services may link to app stores, scheduling tools, social networks and other sites we do not
        control. Their own terms and policies apply.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        We aim to keep the Services available and show their current state on our{' '}
        <a className="text-primary underline" href="/status">
          Service Status
        </a>{' '}
        page, but we do not guarantee uninterrupted access. We may update these terms; the date above shows
        the latest version and continued use means you accept the change.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or for anything else that cannot be limited under UK law, and your statutory rights as a
          consumer are not affected.
        </p>
        <p>
          Otherwise, the Services are provided “as is”. We are not liable for indirect or consequential
          losses, or for losses caused by events outside our reasonable control. For business users, our total
          liability is limited to the fees paid to us in the 12 months before the claim.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Ending your use',
    body: (
      <p>
        You may stop using the Services and ask us to delete your account at any time. We may suspend or end
        access if you seriously or repeatedly break these terms.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of England and Wales (UK law), and the courts of England and
        Wales have jurisdiction, although if you live elsewhere in the UK you may also bring proceedings in
        your local courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        12Yards, {site.location}. Email{' '}
        <a className="text-primary underline" href={`mailto:${site.email}`}>
          {site.email}
        </a>{' '}
        or call{' '}
        <a className="text-primary underline" href={site.phoneHref}>
          {site.phone}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using 12Yards apps and this website: eligibility (13+, guardian consent under 18), points and auctions, acceptable use, and UK law."
      path="/terms-of-service"
      intro={<p>Please read these terms carefully. They form a legal agreement between you and 12Yards.</p>}
      sections={sections}
    />
  );
}

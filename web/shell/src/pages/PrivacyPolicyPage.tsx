import { LegalPage, type LegalSection } from '../components/LegalPage';
import { site } from '../config';
import { COOKIE_CATEGORIES } from '../components/CookieBanner';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          12Yards (“12Yards”, “we”, “us”) provides branded fan-engagement apps for football clubs and
          influencers on iOS, Android and the web, and runs this website. We are based in {site.location} and
          are the controller of the personal data described in this policy under the UK General Data
          Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
        <p>
          Where a club or influencer runs its own app on our platform, that partner is usually the controller
          of its supporters’ data inside the app and we act as its processor. The partner’s own privacy notice
          applies there.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The personal data we collect',
    body: (
      <>
        <p>We collect only what we need:</p>
        <ul>
          <li>
            <strong>Contact messages:</strong> your name, email address, subject and message when you use the
            contact form.
          </li>
          <li>
            <strong>Partner applications:</strong> your name, email address, organisation, position, website,
            target membership numbers, preferred membership model, social media accounts, follower numbers and
            anything you tell us about your goals.
          </li>
          <li>
            <strong>Correspondence:</strong> emails and call notes when you contact us or book a demo.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type, device information and pages visited,
            collected through necessary cookies and, only with your consent, analytics cookies.
          </li>
          <li>
            <strong>Cookie choices:</strong> the preferences you set in our cookie banner, stored in your
            browser.
          </li>
        </ul>
        <p>
          We do not ask for special category data (such as health or religious beliefs) and ask you not to
          send it.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your data and our lawful bases',
    body: (
      <ul>
        <li>
          <strong>To answer your enquiries</strong>: our legitimate interest in responding to people who
          contact us.
        </li>
        <li>
          <strong>To assess partner applications and prepare contracts</strong>: steps taken at your request
          before entering into a contract, and performance of that contract.
        </li>
        <li>
          <strong>To run, secure and improve the website</strong>: our legitimate interests in a working and
          safe service.
        </li>
        <li>
          <strong>Analytics and marketing cookies</strong>: your consent, which you can withdraw at any time.
        </li>
        <li>
          <strong>To meet legal obligations</strong>, such as keeping financial records and responding to
          lawful requests.
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <p>We never sell your personal data. We share it only with:</p>
        <ul>
          <li>
            service providers who host our systems, send email or provide scheduling, under contracts that
            require them to protect it;
          </li>
          <li>professional advisers such as lawyers and accountants, where needed;</li>
          <li>authorities, where the law requires it;</li>
          <li>a buyer or successor, if our business is reorganised or sold, under the same protections.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        We store data in the UK or the European Economic Area where we can. If a provider processes data
        elsewhere, we rely on UK adequacy regulations or the International Data Transfer Agreement (or the UK
        Addendum to the EU Standard Contractual Clauses) to keep it protected.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>Contact messages: up to 24 months after our last exchange.</li>
        <li>Partner applications that do not lead to a partnership: up to 24 months.</li>
        <li>
          Partner and contract records: for the contract term and six years after it ends, as UK law requires.
        </li>
        <li>
          Your cookie choice: until you change it or clear your browser storage, and we ask again after 12
          months.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You have the right to access your data, to have it corrected or erased, to restrict or object to its
          use, to data portability, and to withdraw consent at any time. To use any of these rights, email{' '}
          <a className="text-primary underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>
          . We reply within one month.
        </p>
        <p>
          If you are unhappy with how we handle your data, you may complain to the Information Commissioner’s
          Office (ICO) at ico.org.uk or on 0303 123 1113. We would appreciate the chance to help first.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our website and apps are not intended for children under 13, and we do not knowingly collect their
        data. Users aged 13 to 17 need the consent of a parent or guardian to use our apps. If you believe a
        child under 13 has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Cookies are small files stored by your browser. We group them into the four categories shown in our
          cookie banner. Only necessary cookies are set without your consent; you can accept all, reject all
          optional cookies, or choose category by category, and change your mind at any time with “Cookie
          Policy” in the footer.
        </p>
        <ul>
          {COOKIE_CATEGORIES.map((c) => (
            <li key={c.key}>
              <strong>{c.label}:</strong> {c.text}
            </li>
          ))}
        </ul>
        <p>
          Your choice is saved in your browser’s local storage under the name “cookie-consent”, together with
          the date and time you made it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We use encryption in transit, access controls, secure password storage and regular reviews to protect
        your data. No system is perfectly secure; if a breach affects you, we will tell you and the ICO as the
        law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy. The date at the top shows the latest version; significant changes will be
        announced on this site.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
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
        . This policy is governed by the laws of England and Wales (UK law).
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="How 12Yards collects, uses and protects personal data, your rights under UK GDPR, and how we use cookies."
      path="/privacy-policy"
      intro={
        <p>
          This policy explains what personal data 12Yards collects through this website and our partner
          processes, why, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}

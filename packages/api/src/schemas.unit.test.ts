import { adminPartnerInput, contactMessageInput, partnerApplication, updatePartner } from './partners';
import { contractInput } from './contracts';
import { galleryInput, newsInput } from './content';
import { mediaFileInput } from './media';
import { contractFields } from './test-fixtures';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const club = {
  name: 'Riverside FC',
  email: 'info@riverside.example',
  type: 'club',
  organization: 'Riverside FC',
  position: 'Chair',
  message: 'We would like to join.',
};
const contact = { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Hi there' };
const DANGEROUS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example.com/a',
];

describe('email fields', () => {
  it('When an email has spaces around it, then it is accepted trimmed', () => {
    expect(contactMessageInput.parse({ ...contact, email: '  a@b.co ' }).email).toBe('a@b.co');
    expect(partnerApplication.parse({ ...club, email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(adminPartnerInput.parse({ ...club, email: '\ta@b.co\n' }).email).toBe('a@b.co');
    expect(updatePartner.parse({ ...club, email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(contractInput.parse({ ...contractFields, clientEmail: ' a@b.co ' }).clientEmail).toBe('a@b.co');
  });

  it('When an email is missing, empty, blank or malformed, then the same message as before', () => {
    for (const email of [undefined, '', '   ', 'nope', 'a@', 'a b@c.co', 42]) {
      expect(messages(contactMessageInput.safeParse({ ...contact, email }))).toEqual([
        'email: Please enter a valid email address',
      ]);
      expect(messages(partnerApplication.safeParse({ ...club, email }))).toEqual([
        'email: Please enter a valid email address',
      ]);
      expect(messages(contractInput.safeParse({ ...contractFields, clientEmail: email }))).toEqual([
        'clientEmail: Client email must be a valid email address',
      ]);
    }
  });

  it('When an email is longer than 320 characters, then it is refused', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(250)}.example`;
    expect(contactMessageInput.safeParse({ ...contact, email: long }).success).toBe(false);
  });
});

describe('partner web address', () => {
  it('When it is a javascript:, data: or other non-http(s) URL, then it is refused with a clear message', () => {
    for (const webAddress of [...DANGEROUS, 'riverside dot com', 'https://', 'http:example.com']) {
      for (const schema of [partnerApplication, adminPartnerInput, updatePartner]) {
        expect(messages(schema.safeParse({ ...club, webAddress }))).toEqual([
          'webAddress: Website must be a valid URL starting with http:// or https://',
        ]);
      }
    }
  });

  it('When it is an http(s) address or left empty, then it is accepted', () => {
    expect(
      partnerApplication.parse({ ...club, webAddress: 'https://riverside.example/club' }).webAddress,
    ).toBe('https://riverside.example/club');
    expect(partnerApplication.parse({ ...club, webAddress: 'HTTP://Riverside.example' }).webAddress).toBe(
      'HTTP://Riverside.example',
    );
    expect(partnerApplication.parse({ ...club, webAddress: ' https://riverside.test ' }).webAddress).toBe(
      'https://riverside.test',
    );
    for (const webAddress of ['', null, undefined]) {
      expect(partnerApplication.parse({ ...club, webAddress }).webAddress).toBeUndefined();
    }
  });
});

describe('image and media URLs', () => {
  const IMAGE_MESSAGE = 'Image URL must be a /media/ address of an uploaded file or start with https://';
  const news = { title: 'Derby day', excerpt: 'A win', content: 'Three points.' };
  const media = { filename: 'a.png', originalName: 'a.png', mimeType: 'image/png', size: 1 };

  it('When a news or gallery image URL is javascript:, data:, plain http or not ours, then it is refused', () => {
    for (const imageUrl of [
      ...DANGEROUS,
      'http://cdn.example.com/a.png',
      '/etc/passwd',
      '//evil.example/a.png',
    ]) {
      expect(messages(newsInput.safeParse({ ...news, imageUrl }))).toEqual([`imageUrl: ${IMAGE_MESSAGE}`]);
      expect(messages(galleryInput.safeParse({ imageUrl, sortOrder: null }))).toEqual([
        `imageUrl: ${IMAGE_MESSAGE}`,
      ]);
      expect(mediaFileInput.safeParse({ ...media, url: imageUrl }).success).toBe(false);
    }
  });

  it('When an image URL is an uploaded file or https, then it is accepted; news may have none', () => {
    for (const imageUrl of ['/media/shot-1.png', 'https://cdn.example.com/a.png']) {
      expect(newsInput.parse({ ...news, imageUrl }).imageUrl).toBe(imageUrl);
      expect(galleryInput.parse({ imageUrl, sortOrder: null }).imageUrl).toBe(imageUrl);
      expect(mediaFileInput.parse({ ...media, url: imageUrl }).url).toBe(imageUrl);
    }
    for (const imageUrl of ['', '  ', null, undefined]) {
      expect(newsInput.parse({ ...news, imageUrl }).imageUrl).toBeUndefined();
    }
    expect(messages(galleryInput.safeParse({ imageUrl: '', sortOrder: null }))).toEqual([
      'imageUrl: Image URL is required',
    ]);
    expect(messages(mediaFileInput.safeParse({ ...media, url: ' ' }))).toEqual(['url: URL is required']);
  });
});

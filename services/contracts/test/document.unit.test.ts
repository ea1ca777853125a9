import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import type { Contract } from '@12yards/api';
import {
  buildDefaultTemplate,
  buildDocx,
  defaultTemplatePath,
  simpleDocumentXml,
} from '../src/document/default-template';
import { documentData, PLACEHOLDERS } from '../src/document/data';
import { renderDocx, TemplateProblem } from '../src/document/render';
import { endDateFor, prefillContract } from '../src/contract/prefill';
import { sniffTemplate, templateFileName } from '../src/template/sniff';
import { validContract } from './fixtures';

// The shared fixture, with a company name that must be escaped in the XML and the short penalty wording.
const contract: Contract = {
  ...validContract('p1'),
  id: 'c1',
  companyName: 'Leeds Fans & Co <Ltd>',
  companyAddress: '1 Elland Road, Leeds',
  penaltyFeePerMonth: '£250',
  createdAt: '2026-11-22T10:00:00.000Z',
  endedAt: null,
};
const text = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();

describe('contract documents', () => {
  it('When the default template is rebuilt from its XML, then it equals the shipped asset byte for byte', () => {
    expect(buildDefaultTemplate().equals(readFileSync(defaultTemplatePath()!))).toBe(true);
  });

  it('When the default template is read, then it uses every placeholder and is sniffed as .docx', async () => {
    const xml = text(buildDefaultTemplate());
    for (const name of PLACEHOLDERS) expect(xml).toContain(`{${name}}`);
    expect(await sniffTemplate(buildDefaultTemplate())).toEqual(expect.objectContaining({ kind: 'docx' }));
  });

  it('When the default template is filled, then every value is in word/document.xml (escaped) and no placeholder is left', () => {
    const xml = text(renderDocx(buildDefaultTemplate(), documentData(contract, 'Alex', '2026-11-22')));
    for (const v of [
      'Leeds Fans &amp; Co &lt;Ltd&gt;',
      '01234567',
      '£1,500',
      '£250',
      '20%',
      '2027-11-30',
      'alex@example.com',
      'Director',
      '2026-11-22',
    ]) {
      expect(xml).toContain(v);
    }
    expect(xml).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it('When a placeholder is unclosed, then TemplateProblem names it', () => {
    const broken = buildDocx(simpleDocumentXml(['Fee: {setupFee}', 'Company: {companyName']));
    expect(() => renderDocx(broken, documentData(contract, 'Alex', '2026-11-22'))).toThrow(TemplateProblem);
    try {
      renderDocx(broken, documentData(contract, 'Alex', '2026-11-22'));
    } catch (err) {
      expect((err as TemplateProblem).message).toContain('companyName');
      expect((err as TemplateProblem).details[0]).toMatchObject({ placeholder: 'companyName' });
    }
  });

  it('When a placeholder is not a contract field, then TemplateProblem names it', () => {
    const unknown = buildDocx(simpleDocumentXml(['{companyName} pays {setupFees}']));
    expect(() => renderDocx(unknown, documentData(contract, 'Alex', '2026-11-22'))).toThrow(/setupFees/);
  });

  it('When the bytes are not a zip, then TemplateProblem, not a crash', () => {
    expect(() =>
      renderDocx(Buffer.from('%PDF-1.4 not a docx'), documentData(contract, 'A', '2026-11-22')),
    ).toThrow(TemplateProblem);
  });

  it('When a file name is given, then only its base name is kept with the extension of its real type', () => {
    expect(templateFileName('C:\\fake\\terms.docx', 'pdf')).toBe('terms.pdf');
    expect(templateFileName('../../etc/passwd', 'doc')).toBe('passwd.doc');
    expect(templateFileName('', 'docx')).toBe('template.docx');
  });
});

describe('generated contract prefill', () => {
  const partner = {
    id: 'p1',
    name: 'Alex Smith',
    email: 'alex@example.com',
    type: 'club',
    organization: 'Leeds Fans',
    position: 'Chair',
  };

  it('When a term starts on the 1st, then it ends on the last day before the same date lengthMonths later', () => {
    expect(endDateFor('2026-01-01', 12)).toBe('2026-12-31');
    expect(endDateFor('2026-01-31', 1)).toBe('2026-02-27');
    expect(endDateFor('2026-11-22', 3)).toBe('2027-02-21');
  });

  it('When only the partner is known, then the partner fields are prefilled and the rest is listed as missing', () => {
    const { candidate, missing } = prefillContract(partner, {}, '2026-11-22');
    expect(candidate).toMatchObject({
      partnerId: 'p1',
      companyName: 'Leeds Fans',
      clientName: 'Alex Smith',
      clientEmail: 'alex@example.com',
      clientPosition: 'Chair',
      startDate: '2026-11-22',
      lengthMonths: 12,
      endDate: '2027-11-21',
      platformName: '12Yards',
    });
    expect(missing).toEqual([
      'registrationNumber',
      'companyAddress',
      'clientTelephone',
      'setupFee',
      'penaltyFeePerMonth',
    ]);
  });

  it('When fields are given, then they win over the prefill', () => {
    const { candidate, missing } = prefillContract(
      { ...partner, organization: undefined, position: undefined, knownAs: 'AlexTV' },
      { companyName: 'Alex Media Ltd', startDate: '2027-01-01', lengthMonths: 6 },
      '2026-11-22',
    );
    expect(candidate).toMatchObject({
      companyName: 'Alex Media Ltd',
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
    expect(missing).toContain('clientPosition');
  });
});

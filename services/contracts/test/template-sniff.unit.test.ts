import { buildDefaultTemplate } from '../src/document/default-template';
import { DOCX_MIME, isWordCompoundFile, sniffTemplate } from '../src/template/sniff';
import { compoundFile, excelWorkbook, wordDoc } from './helpers';

describe('template sniffing', () => {
  it('When a compound file holds a WordDocument stream, then it is a .doc (application/msword)', async () => {
    expect(await sniffTemplate(wordDoc())).toEqual({ kind: 'doc', mimeType: 'application/msword' });
  });

  it.each([
    ['an Excel workbook (.xls)', excelWorkbook()],
    ['a PowerPoint file (.ppt)', compoundFile({ 'PowerPoint Document': Buffer.alloc(32) })],
    ['a WordDocument storage path below the root', compoundFile({ 'Nested/WordDocument': Buffer.alloc(32) })],
    [
      'a bare compound file header',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
    ],
  ])('When the file is %s, then it is not a template', async (_what, bytes) => {
    expect(isWordCompoundFile(bytes)).toBe(false);
    expect(await sniffTemplate(bytes)).toBeNull();
  });

  it('When the file is a .docx, then it is still recognised as one', async () => {
    expect(await sniffTemplate(buildDefaultTemplate())).toEqual({ kind: 'docx', mimeType: DOCX_MIME });
  });
});

import { buildDefaultTemplate } from '../src/document/default-template';
import { checkZipLimits, DEFAULT_ZIP_LIMITS, ZipTooLarge, ZipUnreadable } from '../src/template/zip-limits';
import { manyFilesDocx, withDeclaredSize, zipBombDocx } from './helpers';

describe('.docx zip limits', () => {
  jest.setTimeout(30_000); // the bombs are built in memory (a second or two each on a busy machine)
  it('When a real template is checked, then its files and unzipped size are counted and it passes', async () => {
    const docx = buildDefaultTemplate();
    const checked = await checkZipLimits(docx, DEFAULT_ZIP_LIMITS);
    expect(checked.entries).toBe(6);
    expect(checked.expandedBytes).toBeGreaterThan(docx.length);
  });

  it('When a 30 MB document.xml is zipped into a small file, then it is refused from the sizes it declares', async () => {
    const bomb = zipBombDocx(30);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(checkZipLimits(bomb, DEFAULT_ZIP_LIMITS)).rejects.toThrow(
      new ZipTooLarge(
        'it expands to more than 20 MB when unzipped (word/document.xml alone declares 30 MB); a template may hold 20 MB unzipped at most',
      ),
    );
  });

  it('When the zip declares tiny sizes but inflates to more, then the real inflate is stopped, not trusted', async () => {
    const liar = withDeclaredSize(zipBombDocx(30), 'word/document.xml', 1_000);
    const started = Date.now();
    await expect(checkZipLimits(liar, DEFAULT_ZIP_LIMITS)).rejects.toThrow(ZipUnreadable);
    await expect(checkZipLimits(liar, DEFAULT_ZIP_LIMITS)).rejects.toThrow(
      /word\/document.xml cannot be unzipped \(too many bytes in the stream/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('When the package holds more files than allowed, then it is refused by count', async () => {
    await expect(checkZipLimits(manyFilesDocx(1_001), DEFAULT_ZIP_LIMITS)).rejects.toThrow(
      /holds 1007 files; a template may hold 1000 at most/,
    );
    const fifty = { ...DEFAULT_ZIP_LIMITS, maxEntries: 50 };
    await expect(checkZipLimits(manyFilesDocx(45), fifty)).rejects.toThrow(/holds 51 files/);
    await expect(checkZipLimits(manyFilesDocx(44), fifty)).resolves.toMatchObject({ entries: 50 });
  });

  it('When the bytes are not a zip, then ZipUnreadable', async () => {
    await expect(checkZipLimits(Buffer.from('%PDF-1.4'), DEFAULT_ZIP_LIMITS)).rejects.toThrow(ZipUnreadable);
  });
});

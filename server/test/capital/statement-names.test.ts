import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_MARK, textRuns } from '../../src/services/capital/statement-fonts';
import { databaseKinds } from '../support/databases';
import { bearer, createHarness, type Harness } from '../support/harness';

/** Names in any script come back out of the statement PDF, or are marked as not shown, never garbled. */

const NOW = '2026-11-26T17:00:00Z';

/** Each name in a script the statement's fonts cover. */
const COVERED: [string, string][] = [
  ['Zoë', 'Ångström-Łukasiewicz'],
  ['Ελένη', 'Παπαδοπούλου'],
  ['Ярослав', 'Мудрый'],
  ['محمد', 'العلي'],
  ['Sunny 😀', 'Rocket 🚀'],
];

const text = async (pdf: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const content = (await parser.getText()).text.replace(/\s+/g, ' ');
  await parser.destroy();
  return content;
};

describe('statement text runs', () => {
  it('writes each character in a face that has it, and marks the rest', () => {
    expect(textRuns('Zoë 😀', 'regular')).toEqual({
      runs: [
        { face: 'NotoSans-regular', text: 'Zoë ' },
        { face: 'NotoEmoji-regular', text: '😀' },
      ],
      missing: false,
    });
    // A right-to-left name is one run, its words held together so they keep their order.
    expect(textRuns('Ann محمد العلي', 'bold').runs).toEqual([
      { face: 'NotoSans-bold', text: 'Ann ' },
      { face: 'NotoNaskhArabic-bold', text: 'محمد\u00a0العلي' },
    ]);
    expect(textRuns('王小明 Wang', 'regular')).toEqual({
      runs: [{ face: 'NotoSans-regular', text: `${MISSING_MARK.repeat(3)} Wang` }],
      missing: true,
    });
  });
});

describe.each(databaseKinds)('statement PDFs of non-Latin names on %s', (kind) => {
  let h: Harness;
  let gp: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.advance(Date.parse(NOW) - Date.now());
    await h.createUser({ email: 'gp-names@test.dev', password: 'Passw0rd!', role: 'GP' });
    gp = await h.login('gp-names@test.dev', 'Passw0rd!');
  });
  afterAll(() => h.close());

  const statementOf = async (firstName: string, lastName: string) => {
    const email = `lp-${Math.random().toString(36).slice(2)}@test.dev`;
    const id = await h.createUser({ email, role: 'LP', firstName, lastName });
    const res = await h.inject({
      method: 'GET',
      url: `/api/capital-account/statement.pdf?quarter=2026-Q4&userId=${id}`,
      headers: bearer(gp),
    });
    expect(res.statusCode).toBe(200);
    return text(res.rawPayload);
  };

  it('embeds fonts for Latin, Greek, Cyrillic, Arabic and emoji names: the text reads back', async () => {
    for (const [first, last] of COVERED) {
      const content = await statementOf(first, last);
      expect(content).toContain(first);
      expect(content).toContain(last);
      expect(content).not.toContain(MISSING_MARK);
      expect(content).not.toContain('not in this statement’s fonts');
    }
  });

  it('marks characters no embedded font has (Chinese, Japanese, Korean) and says so', async () => {
    const content = await statementOf('王小明', 'Kim 김민준');
    expect(content).toContain(`LIMITED PARTNER ${MISSING_MARK.repeat(3)} Kim ${MISSING_MARK.repeat(3)}`);
    expect(content).toContain(
      `Some characters of the names above are not in this statement’s fonts and are shown as ${MISSING_MARK}; the CSV statement and the portal show them in full.`,
    );
  });
});
